// deploy/k8s against the Kubernetes API schemas, offline (deploy/validate-manifests.py, with the
// schemas that ship inside the kubernetes-validate package of the test venv), and against the
// invariants of deploy/check-manifests.py. Planted mistakes in a copy show the validation can fail.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sdkPython } from '@pressroom/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';

const DEPLOY = fileURLToPath(new URL('../deploy/', import.meta.url));
const K8S = join(DEPLOY, 'k8s');
const copies: string[] = [];

/** The test venv's Python (requirements-test.txt: the abyssale SDK and kubernetes-validate). */
function run(script: string, ...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(sdkPython(), [join(DEPLOY, script), ...args], { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** A copy of deploy/k8s with one file's text edited. */
async function planted(file: string, edit: (text: string) => string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-k8s-'));
  copies.push(dir);
  await cp(K8S, dir, { recursive: true });
  const path = join(dir, file);
  const before = await readFile(path, 'utf8');
  const after = edit(before);
  expect(after).not.toBe(before);
  await writeFile(path, after);
  return dir;
}

afterAll(async () => {
  for (const dir of copies) await rm(dir, { recursive: true, force: true });
});

describe('deploy/k8s', () => {
  it('every resource passes the Kubernetes schemas strictly; only the operators’ custom resources are left out, by name', () => {
    const { status, out } = run('validate-manifests.py');
    expect(out).toMatch(/\b13 resources validated strictly against Kubernetes 1\.29\.0 and 1\.37\.0 schemas/);
    expect(out).toContain('0 problems');
    expect(out).toContain(
      'not schema-validated (custom resource of an operator): optional/keda-render-worker.yaml: ScaledObject/render-worker',
    );
    expect(status).toBe(0);
  });

  it('meets the invariants check-manifests.py holds (probes, resources, grace periods, HPAs)', () => {
    const { status, out } = run('check-manifests.py');
    expect(out).toContain('0 problems');
    expect(status).toBe(0);
  });

  it.each([
    {
      mistake: 'a misspelt field (strict: not silently ignored)',
      file: 'render-worker.yaml',
      edit: (t: string) => t.replace('  replicas: 2', '  replica: 2'),
      says: /render-worker\.yaml: Deployment\/render-worker: Kubernetes 1\.29\.0: at spec: .*'replica'/,
    },
    {
      mistake: 'a value of the wrong type',
      file: 'media-worker.yaml',
      edit: (t: string) => t.replace('containerPort: 9464', 'containerPort: [9464]'),
      says: /media-worker\.yaml: Deployment\/media-worker: Kubernetes 1\.29\.0: at spec\.template\.spec\.containers\.0\.ports\.0\.containerPort: /,
    },
    {
      mistake: 'an apiVersion Kubernetes does not serve',
      file: 'control-plane.yaml',
      edit: (t: string) => t.replace('apiVersion: policy/v1', 'apiVersion: policy/v1beta1'),
      says: /control-plane\.yaml: PodDisruptionBudget\/control-plane: no Kubernetes 1\.29\.0 schema for apiVersion policy\/v1beta1/,
    },
    {
      mistake: 'a kustomization resource that does not exist',
      file: 'kustomization.yaml',
      edit: (t: string) => t.replace('  - media-worker.yaml', '  - media-workers.yaml'),
      says: /kustomization\.yaml: Kustomization\/\?: lists media-workers\.yaml, which does not exist/,
    },
  ])('fails on $mistake, naming the file, the resource and the path', async ({ file, edit, says }) => {
    const dir = await planted(file, edit);
    const { status, out } = run('validate-manifests.py', dir);
    expect(out).toMatch(says);
    expect(out).toMatch(/[1-9]\d* problems/);
    expect(status).toBe(1);
  });
});
