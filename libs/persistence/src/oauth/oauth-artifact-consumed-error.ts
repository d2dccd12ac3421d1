/**
 * The loser of a race to consume an artifact (an authorization code, a rotated
 * refresh token): another request consumed it first, or it is gone. The auth
 * app answers `invalid_grant` and revokes the grant, as for a replay.
 */
export class OAuthArtifactConsumedError extends Error {
  override readonly name = 'OAuthArtifactConsumedError';
  constructor(readonly model: string) {
    super(`${model} already consumed`);
  }
}
