/**
 * The adjustable parameters of effects and filters (`adjust_params`), read side: the parameter
 * shapes and their values shown back in 0..100. Apart from the builders in `effect_materials.ts`
 * so that `effects list` loads no building code.
 */
import type { EffectParam } from "./model.ts";

/** One adjustable parameter as the catalogs give it (raw range, usually 0..1). */
export interface EffectParamSpec {
  readonly name: string;
  readonly default: number;
  readonly min: number;
  readonly max: number;
}

/** One entry of a material's `adjust_params`. */
export interface AdjustParam extends EffectParam {
  default_value: number;
  name: string;
  value: number;
}

const PREFIX = "effects_adjust_";

/** The short form of a parameter name: `effects_adjust_speed` → `speed`. */
export function shortParamName(name: string): string {
  return name.startsWith(PREFIX) ? name.slice(PREFIX.length) : name;
}

/** Values of `adjust_params` back in 0..100 (by the catalog range when known, else raw × 100). */
export function paramsForDisplay(
  adjust: readonly AdjustParam[] | undefined,
  specs: readonly EffectParamSpec[] = [],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of adjust ?? []) {
    const spec = specs.find((p) => p.name === a.name);
    const lo = spec ? Math.min(spec.min, spec.max) : 0;
    const hi = spec ? Math.max(spec.min, spec.max) : 1;
    const ui = hi > lo ? (a.value - lo) / (hi - lo) * 100 : 0;
    out[shortParamName(a.name)] = Math.round(ui * 100) / 100;
  }
  return out;
}
