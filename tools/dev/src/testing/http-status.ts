/** The status of a GET of `url`, or 0 when nothing answers: how the specs see an app up or down. */
export async function httpStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  try {
    return (await fetch(url, { headers })).status;
  } catch {
    return 0;
  }
}
