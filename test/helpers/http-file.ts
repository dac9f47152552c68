/**
 * A small reader of the .http format (VS Code REST Client's: `@name = value` file variables,
 * requests separated by `###` lines, `# @name` naming a request, `{{variable}}` and
 * `{{<request>.response.body.$.<field>}}` references), strict enough to refuse what those clients
 * would not read, and a sender of its requests in order, for the collections test.
 */

export interface HttpRequest {
  /** The text after `###`. */
  title: string;
  /** `# @name`, when given. */
  name?: string;
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
}

export interface HttpFile {
  variables: Record<string, string>;
  requests: HttpRequest[];
}

const REQUEST_LINE = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\S+)(?: HTTP\/\d(?:\.\d)?)?$/;
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*)$/;
const VARIABLE_LINE = /^@([A-Za-z_][\w-]*)\s*=\s*(.*)$/;
const REFERENCE = /\{\{([^}]+)\}\}/g;
const RESPONSE_REF = /^([A-Za-z_][\w-]*)\.response\.body\.\$\.([\w.]+)$/;

/** One `###` block: its comments and name, request line, headers and body. */
function requestOf(title: string, lines: string[]): HttpRequest {
  let i = 0;
  let name: string | undefined;
  for (; i < lines.length; i += 1) {
    const line = lines[i]!.trim();
    const named = /^(?:#|\/\/)\s*@name\s+(\S+)$/.exec(line);
    if (named) name = named[1];
    else if (line !== '' && !line.startsWith('#') && !line.startsWith('//')) break;
  }
  const requestLine = REQUEST_LINE.exec(lines[i] ?? '');
  if (!requestLine) throw new Error(`### ${title}: no request line: ${lines[i]}`);
  const headers: [string, string][] = [];
  for (i += 1; i < lines.length && lines[i] !== ''; i += 1) {
    const header = HEADER_LINE.exec(lines[i]!);
    if (!header) throw new Error(`### ${title}: not a header: ${lines[i]}`);
    headers.push([header[1]!, header[2]!]);
  }
  const body = lines
    .slice(i + 1)
    .join('\n')
    .trim();
  return {
    title,
    name,
    method: requestLine[1]!,
    url: requestLine[2]!,
    headers,
    body: body || undefined,
  };
}

/**
 * Reads a file: its variables (before the first `###`) and requests. Throws on a line the
 * format has no place for, a JSON body that is not JSON, and a reference to a variable or a
 * request named nowhere before it.
 */
export function parseHttpFile(text: string): HttpFile {
  const [head, ...blocks] = text.split(/^###/m);
  const variables: Record<string, string> = {};
  for (const line of head!.split('\n')) {
    const variable = VARIABLE_LINE.exec(line.trim());
    if (variable) variables[variable[1]!] = variable[2]!;
    else if (line.trim() !== '' && !line.startsWith('#'))
      throw new Error(`not a variable: ${line}`);
  }
  const requests: HttpRequest[] = [];
  for (const block of blocks) {
    const [title, ...lines] = block.split('\n');
    const request = requestOf(title!.trim(), lines);
    const json = request.headers.some(([k, v]) => /^content-type$/i.test(k) && /json/.test(v));
    if (json && request.body !== undefined) JSON.parse(request.body);
    const texts = [request.url, ...request.headers.map(([, v]) => v), request.body ?? ''];
    for (const [, ref] of texts.join('\n').matchAll(REFERENCE)) {
      const response = RESPONSE_REF.exec(ref!);
      const known = response ? requests.some((r) => r.name === response[1]) : ref! in variables;
      if (!known) throw new Error(`### ${request.title}: {{${ref}}} refers to nothing before it`);
    }
    requests.push(request);
  }
  return { variables, requests };
}

/** Sends every request in order, each reference resolved as the clients resolve it. */
export async function sendHttpFile(
  file: HttpFile,
  overrides: Record<string, string>,
): Promise<{ request: HttpRequest; status: number; text: string }[]> {
  const variables = { ...file.variables, ...overrides };
  const bodies = new Map<string, unknown>();
  const resolve = (text: string) =>
    text.replace(REFERENCE, (_m, ref: string) => {
      const response = RESPONSE_REF.exec(ref);
      if (!response) return variables[ref]!;
      const value = response[2]!
        .split('.')
        .reduce<unknown>(
          (node, key) => (node as Record<string, unknown>)[key],
          bodies.get(response[1]!),
        );
      return String(value);
    });
  const answers = [];
  for (const request of file.requests) {
    const res = await fetch(resolve(request.url), {
      method: request.method,
      headers: request.headers.map(([k, v]) => [k, resolve(v)] as [string, string]),
      body: request.body === undefined ? undefined : resolve(request.body),
    });
    const text = await res.text();
    const json = /json/.test(res.headers.get('content-type') ?? '');
    if (request.name && json) bodies.set(request.name, JSON.parse(text) as unknown);
    answers.push({ request, status: res.status, text });
  }
  return answers;
}
