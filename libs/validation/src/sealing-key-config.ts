/**
 * SECRET_SEALING_KEY, read the same way by every app that seals or opens the
 * keys of webhook policies (the api and the webhook worker; decision 015):
 * required when NODE_ENV is production, the public development key otherwise
 * (the key says so in its `notice`, for the app to log at boot).
 */
import { loadSealingKey, SealingKeyError, type DeploymentEnv, type SealingKey } from '@tessera/domain';
import { ConfigError } from './config.js';

export function deploymentEnvOf(nodeEnv: string | undefined): DeploymentEnv {
  if (nodeEnv === 'production') return 'production';
  return nodeEnv === 'test' ? 'test' : 'development';
}

export function sealingKeyConfig(env: Record<string, string | undefined>): SealingKey {
  try {
    return loadSealingKey(env['SECRET_SEALING_KEY'], deploymentEnvOf(env['NODE_ENV']));
  } catch (error) {
    if (error instanceof SealingKeyError) throw new ConfigError([`SECRET_SEALING_KEY: ${error.message}`]);
    throw error;
  }
}
