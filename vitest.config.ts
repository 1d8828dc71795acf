import { defineConfig } from 'vitest/config';

/**
 * Three tiers, one runner:
 * - unit: `*.test.ts` next to the code; pure, no services.
 * - integration: `*.int.test.ts`; real Postgres (embedded, or TEST_DATABASE_URL) and real S3 (MinIO).
 * - e2e: `*.e2e.test.ts`; a running farm with real Chromium and ffmpeg.
 * - deploy: `*.deploy.test.ts`; the farm as containers (deploy/docker-compose.yml) on a Docker
 *   engine, built from deploy/Dockerfile (`npm run test:deploy`).
 */
const exclude = ['**/node_modules/**', '**/.data/**'];

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            '**/src/**/*.test.ts',
            '**/test/**/*.test.ts',
            'scripts/**/*.test.ts',
            'e2e/**/*.test.ts',
            'control-plane/console/**/*.test.ts',
            'n8n-nodes-pressroom/nodes/**/*.test.ts',
          ],
          exclude: [...exclude, '**/*.int.test.ts', '**/*.e2e.test.ts', '**/*.deploy.test.ts'],
          globalSetup: ['shared/platform/src/testing/temp-setup.ts'],
          // The fast-check properties run thousands of cases: a few seconds on a quiet 2-core box,
          // several times that when the box is busy. The timeout is a hang guard, not a speed check.
          testTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude,
          globalSetup: ['shared/platform/src/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude,
          globalSetup: ['shared/platform/src/testing/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'deploy',
          include: ['e2e/deploy/**/*.deploy.test.ts'],
          exclude,
          globalSetup: ['e2e/deploy/global-setup.ts'],
          testTimeout: 900_000,
          hookTimeout: 3_600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
