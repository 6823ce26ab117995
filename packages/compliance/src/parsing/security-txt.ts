/** The fields of a security.txt file (RFC 9116): `Name: value` lines, names case-insensitive, comments after `#`. */
export function parseSecurityTxt(body: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('-----')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!/^[a-z0-9-]+$/.test(name)) continue;
    const values = fields.get(name) ?? [];
    values.push(line.slice(colon + 1).trim());
    fields.set(name, values);
  }
  return fields;
}
