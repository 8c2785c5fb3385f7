/**
 * An in-process API answer's body kept as its JSON text, parsed only when something reads it as a
 * value (`JSON.stringify` calls `toJSON`). The edge mostly passes such answers on as text: to a
 * renderer (which parses it there) and into the page's route data (escaped, not serialised again:
 * `jsonTextForScript`), so a cold page does not parse a 30-60 KB listing in the API process only to
 * serialise it again. The same object stands for the same answer while it is unchanged (the
 * in-process API's memo), which is what the kept loader results compare.
 */
export class AnswerBody {
  private value: unknown;
  private parsed = false;
  constructor(readonly json: string) {}

  toJSON(): unknown {
    if (!this.parsed) {
      this.value = JSON.parse(this.json);
      this.parsed = true;
    }
    return this.value;
  }
}

/**
 * JSON text made safe inside an HTML <script> element as `jsonForScript` makes it (no `</script>`,
 * no HTML comment openers, no line separators): for text that is `JSON.stringify`'s own output, the
 * same string as `jsonForScript(JSON.parse(json))`.
 */
export const jsonTextForScript = (json: string): string => json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Route data for a renderer's `render` call. An AnswerBody does not survive the IPC channel (a
 * structured clone keeps neither its class nor its private fields): its JSON text goes beside the
 * data under its key (the key stays in its place, as null), and `dataFromRenderCall` parses it in
 * the renderer.
 */
export function dataForRenderCall(data: Record<string, unknown>): { data: Record<string, unknown>; dataJson?: Record<string, string> } {
  let dataJson: Record<string, string> | undefined;
  let plain: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(data)) {
    if (!(value instanceof AnswerBody)) continue;
    plain ??= { ...data };
    plain[key] = null;
    (dataJson ??= {})[key] = value.json;
  }
  return plain && dataJson ? { data: plain, dataJson } : { data };
}

/** The route data `dataForRenderCall` sent, each answer's JSON text parsed in its place. */
export function dataFromRenderCall(data: Record<string, unknown>, dataJson: Record<string, string> | undefined): Record<string, unknown> {
  if (!dataJson) return data;
  const out = { ...data };
  for (const [key, json] of Object.entries(dataJson)) out[key] = JSON.parse(json) as unknown;
  return out;
}
