import { controlPlaneOptions } from '@pressroom/control-plane';
import { type ConfigOf, env, loadConfig, option } from '@pressroom/model';

/**
 * The options only the farm launcher reads. It also reads the control plane's (port, data dir,
 * database, credits: the farm serves that API), and passes the environment on to the roles.
 */
export const farmOptions = {
  embeddedPgRestartDelayMs: option(
    env.int(1),
    '1000',
    'The farm launcher restarts an embedded Postgres that died after this delay, doubled for each failure in a row (capped at 30 s).',
  ),
};

const allFarmOptions = { ...controlPlaneOptions, ...farmOptions };

export type FarmConfig = ConfigOf<typeof allFarmOptions>;

export function loadFarmConfig(environment: NodeJS.ProcessEnv = process.env): FarmConfig {
  return loadConfig(allFarmOptions, environment);
}
