// Builds what the container tests run, once per `npm run test:deploy`: the base images from
// Debian's packages (deploy/base-images.sh; DEPLOY_TEST_BASE=registry uses the public images
// instead) and the Pressroom image from deploy/Dockerfile, with the classic builder or BuildKit
// (DEPLOY_TEST_BUILDER=classic|buildkit; classic by default: it needs no buildx plugin). Prints
// how long each took. Afterwards removes what the run left dangling, keeping the build cache.
// Like the other tiers, the run has a temp folder of its own (useRunTempDir), removed at its end.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useRunTempDir } from '@pressroom/platform/testing';
import type { TestProject } from 'vitest/node';
import { assertDocker, docker, extraCaCerts, IMAGE, localBaseEnv, must, run, runLogged } from './docker.js';
import { useRegistry } from './farm.js';

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** The docker client and environment that build with the chosen builder. */
async function builder(): Promise<{ command: string[]; env: NodeJS.ProcessEnv }> {
  const kind = process.env.DEPLOY_TEST_BUILDER ?? 'classic';
  if (kind === 'classic') return { command: ['docker', 'build'], env: { ...process.env, DOCKER_BUILDKIT: '0' } };
  if (kind !== 'buildkit') throw new Error(`DEPLOY_TEST_BUILDER must be classic or buildkit, not ${kind}`);
  if ((await docker(['buildx', 'version'])).code === 0) return { command: ['docker', 'buildx', 'build', '--load'], env: process.env };
  // Docker 23+ clients build with BuildKit only through the buildx plugin; Debian's docker.io
  // client (20.10) has BuildKit built in.
  const debian = await run('/usr/bin/docker', ['version', '--format', '{{.Client.Version}}']);
  if (debian.code === 0 && Number(debian.stdout.split('.')[0]) < 23)
    return { command: ['/usr/bin/docker', 'build'], env: { ...process.env, DOCKER_BUILDKIT: '1' } };
  throw new Error('DEPLOY_TEST_BUILDER=buildkit needs the buildx plugin (or a Docker client older than 23 with BuildKit built in)');
}

/**
 * Runs `prepare` in the run's own temp folder (useRunTempDir): whatever the run writes to the OS
 * temp dir (the image build's log; in the test files, which inherit `TMPDIR`, each farm's work dir
 * and its throwaway CA) goes with the folder when the run ends, or stays there, named, when a test
 * failed. `tidy` runs at the end, before the folder goes, and also when `prepare` throws: vitest
 * runs no teardown of a setup that threw. The folder then stays, with the log the error names.
 */
export async function inRunTempDir(
  project: TestProject,
  prepare: () => Promise<void>,
  tidy: () => Promise<void>,
): Promise<() => Promise<void>> {
  const removeTemp = await useRunTempDir(project);
  try {
    await prepare();
  } catch (err) {
    await tidy();
    throw err;
  }
  return async () => {
    try {
      await tidy();
    } finally {
      await removeTemp();
    }
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await assertDocker();
  return inRunTempDir(project, buildImage, removeLeftovers);
}

async function buildImage(): Promise<void> {
  // For iterating on a test file only: the image as it is (never in CI).
  if (process.env.DEPLOY_TEST_SKIP_BUILD === '1' && (await docker(['image', 'inspect', IMAGE])).code === 0) {
    console.log(`deploy test: DEPLOY_TEST_SKIP_BUILD=1, using ${IMAGE} as it is`);
    return;
  }
  let base: Record<string, string> = {};
  if (!useRegistry()) {
    const started = Date.now();
    await must('bash', ['deploy/base-images.sh'], { timeoutMs: 3_600_000 });
    base = await localBaseEnv();
    console.log(`deploy test: base images ready in ${seconds(started)}`);
  }
  const { command, env } = await builder();
  const args = [...command.slice(1), '-f', 'deploy/Dockerfile', '-t', IMAGE];
  if (base.NODE_BASE) args.push('--build-arg', `NODE_BASE=${base.NODE_BASE}`);
  const ca = await extraCaCerts();
  if (ca) args.push('--build-arg', `EXTRA_CA_CERTS=${ca}`);
  args.push('.');
  // In the run's temp folder: kept, with the error naming it, when the build fails.
  const log = join(tmpdir(), 'pressroom-deploy-image-build.log');
  const started = Date.now();
  const code = await runLogged(command[0]!, args, log, env);
  if (code !== 0) throw new Error(`the image build failed (exit ${code}); its output: ${log}`);
  console.log(
    `deploy test: image ${IMAGE} built in ${seconds(started)} (${process.env.DEPLOY_TEST_BUILDER ?? 'classic'} builder; log ${log})`,
  );
}

async function removeLeftovers(): Promise<void> {
  // Images left untagged by this build and stopped containers; the layers of pressroom:local,
  // the base images and the build cache stay, so the next build takes seconds.
  await docker(['container', 'prune', '-f', '--filter', 'label=com.docker.compose.project=pressroom-deploy-test']);
  await docker(['image', 'prune', '-f']);
  await docker(['volume', 'prune', '-f', '--filter', 'label=com.docker.compose.project=pressroom-deploy-test']);
}
