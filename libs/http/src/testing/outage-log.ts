/**
 * What an app's log says of a database outage, for specs that take the database away under load:
 * the outage's line ("… answering 503 until it is back/fixed", error level) and its return ("…
 * reachable again", info) are logged once per change of state, never per call. A server out of
 * connection slots can let a probe through and refuse the next connect, so an outage may end and
 * begin again: each such change is its own pair of lines, and nothing else is an error.
 */
export interface LoggedLine {
  level: number;
  msg: string;
}

export interface OutageLog {
  /** The outage's state changes in order: `down` for its error line, `up` for "reachable again". */
  changes: Array<'down' | 'up'>;
  /** Error-level lines that are not the outage's own (an unhandled error, a line per call). */
  otherErrors: string[];
}

export function outageLog(lines: LoggedLine[], downMessage: string, dependency = 'database'): OutageLog {
  const changes: Array<'down' | 'up'> = [];
  const otherErrors: string[] = [];
  for (const line of lines) {
    if (line.level >= 50 && line.msg === downMessage) changes.push('down');
    else if (line.level >= 50) otherErrors.push(line.msg);
    else if (line.msg === `${dependency} reachable again`) changes.push('up');
  }
  return { changes, otherErrors };
}

/** Whether the changes go down, up, down, up … and end up: each line a change of state, the last one a return. */
export function alternatesDownUp(changes: Array<'down' | 'up'>): boolean {
  return changes.length > 0 && changes.length % 2 === 0 && changes.every((change, i) => change === (i % 2 === 0 ? 'down' : 'up'));
}
