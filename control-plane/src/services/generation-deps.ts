import type { AiCapabilities, CreditCosts } from '@pressroom/model';
import type { DesignSource } from '@pressroom/platform';
import type pg from 'pg';

/** What the generation services need from the app: the database, the designs, the prices and the AI capabilities. */
export interface GenerationServiceDeps {
  db: pg.Pool;
  designs: DesignSource;
  /** Credits per file by output kind (config `CREDIT_COST_IMAGE`, `_ANIMATION`, `_PRINT`); priced by `creditCostOfFile`. */
  creditCosts: CreditCosts;
  /** The AI operations this farm runs (docs/ai.md); the others are refused up front. */
  ai: AiCapabilities;
  /** AI credits per AI operation per file (config `creditCostAi`). */
  creditCostAi: number;
}
