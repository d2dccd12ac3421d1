/**
 * A person's browser without JavaScript: a cookie jar (by name; paths and
 * expiry as far as these pages need), redirects followed on the auth server
 * only, forms read from the HTML and submitted as a browser would.
 */
export interface Visit {
  status: number;
  url: string;
  /** Where the server sent the browser away from the auth server (the application's redirect_uri). */
  location?: string;
  html: string;
  headers: Headers;
}

export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  async get(url: string): Promise<Visit> {
    return this.follow(url, { method: 'GET' });
  }

  /** Submits the page's form whose action contains `actionPart`, with its hidden fields, `fields` and the clicked button. */
  async submit(page: Visit, actionPart: string, fields: Record<string, string> = {}): Promise<Visit> {
    const form = [...page.html.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].find((match) => match[1]!.includes(actionPart));
    if (!form) throw new Error(`no form with action ${actionPart} in:\n${page.html}`);
    const hidden = Object.fromEntries([...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, unescape(m[2]!)]));
    const body = new URLSearchParams({ ...hidden, ...fields });
    return this.follow(new URL(unescape(form[1]!), page.url).href, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }

  private async follow(url: string, init: RequestInit): Promise<Visit> {
    let current = url;
    let request = init;
    for (let hops = 0; hops < 10; hops++) {
      const res = await fetch(current, { ...request, redirect: 'manual', headers: { ...(request.headers as Record<string, string>), cookie: this.cookieHeader(), accept: 'text/html' } });
      this.store(res.headers.getSetCookie());
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, current).href;
        if (!next.startsWith(this.origin)) return { status: res.status, url: current, location: next, html: await res.text(), headers: res.headers };
        current = next;
        request = { method: 'GET' };
        continue;
      }
      return { status: res.status, url: current, html: await res.text(), headers: res.headers };
    }
    throw new Error('too many redirects');
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = attributes.some((a) => /expires=/i.test(a) && new Date(a.split('=')[1]!).getTime() < Date.now());
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

function unescape(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
