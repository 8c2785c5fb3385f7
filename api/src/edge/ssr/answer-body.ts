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
