package dev.orchestrator.providers.internal.history;

import dev.orchestrator.engine.catalog.HistoryConstraints;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.providers.internal.wire.ToolCallIds;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The rules the normaliser applies for one provider: its {@link Family}'s table, with what the
 * provider's catalog entry declares in place of the table's rules ({@link HistoryConstraints}).
 *
 * @param family the family whose table applies, and whose name the trace gives
 * @param ids the tool-call ids it accepts
 * @param reasoning what it does with replayed reasoning
 * @param systemFirstOnly whether system messages may only lead the conversation
 */
public record Profile(
    Family family, ToolCallIds.Rule ids, Family.Reasoning reasoning, boolean systemFirstOnly) {

  /** A family's own table. */
  public static Profile of(Family f) {
    return new Profile(f, f.ids(), f.reasoning(), f.systemFirstOnly());
  }

  /**
   * The profile of {@code provider} speaking {@code protocol}: the family it declares, else the one
   * its protocol and id imply, with its declared rules in place of the family's.
   */
  public static Profile of(Provider provider, Protocol protocol, String providerId) {
    HistoryConstraints c = provider == null ? null : provider.history();
    Family f =
        c != null && c.family() != null && protocol != Protocol.ANTHROPIC_MESSAGES
            ? Family.named(c.family())
            : Family.of(protocol, providerId);
    if (c == null || f == Family.ANTHROPIC) {
      return of(f);
    }
    ToolCallIds.Rule ids = f.ids();
    if (c.toolCallIdAlphabet() != null
        || c.toolCallIdMinLength() != null
        || c.toolCallIdMaxLength() != null) {
      ids = declaredIds(c);
    }
    Family.Reasoning reasoning = f.reasoning();
    if (c.reasoning() != null) {
      reasoning =
          switch (c.reasoning()) {
            case "refused" -> Family.Reasoning.REJECTED;
            case "required-on-tool-calls" -> Family.Reasoning.REQUIRED_ON_TOOL_TURNS;
            default -> Family.Reasoning.KEPT;
          };
    }
    boolean systemFirst = c.systemFirstOnly() != null ? c.systemFirstOnly() : f.systemFirstOnly();
    return new Profile(f, ids, reasoning, systemFirst);
  }

  /**
   * The id rule a catalog declares; a replacement is letters and digits, so every alphabet takes
   * it.
   */
  private static ToolCallIds.Rule declaredIds(HistoryConstraints c) {
    int min = c.toolCallIdMinLength() == null ? 1 : c.toolCallIdMinLength();
    int max = c.toolCallIdMaxLength() == null ? 64 : c.toolCallIdMaxLength();
    String alphabet = c.toolCallIdAlphabet() == null ? "any" : c.toolCallIdAlphabet();
    String chars =
        switch (alphabet) {
          case "alnum" -> "[a-zA-Z0-9]";
          case "word" -> "[a-zA-Z0-9_-]";
          default -> "(?s:.)";
        };
    int length = Math.max(min, Math.min(24, max));
    return new ToolCallIds.Rule(
        "declared " + alphabet.toLowerCase(Locale.ROOT) + " " + min + ".." + max,
        Pattern.compile(chars + "{" + min + "," + max + "}"),
        "",
        length);
  }
}
