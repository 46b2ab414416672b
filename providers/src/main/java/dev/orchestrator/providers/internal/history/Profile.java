package dev.orchestrator.providers.internal.history;

import dev.orchestrator.engine.catalog.HistoryConstraints;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.providers.internal.wire.ToolCallIds;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The rules the normaliser applies for one provider: its {@link Family}'s table, with what the
 * provider's catalog entry declares in place of the table's rules ({@link HistoryConstraints}).
 *
 * @param family the family whose table applies, and whose name the trace gives
 * @param ids the tool-call ids it accepts
 * @param reasoning what it does with replayed reasoning
 * @param systemFirstOnly whether system messages may only lead the conversation
 * @param strict whether the history goes in the strictest form ({@link #strictest()})
 */
public record Profile(
    Family family,
    ToolCallIds.Rule ids,
    Family.Reasoning reasoning,
    boolean systemFirstOnly,
    boolean strict) {

  /** An id every family's table accepts: nine letters and digits (Mistral's, the narrowest). */
  private static final String NARROWEST_ID = "a1B2c3D4e";

  /** A family's own table. */
  public static Profile of(Family f) {
    return new Profile(f, f.ids(), f.reasoning(), f.systemFirstOnly(), false);
  }

  /**
   * This profile at its strictest, for the one re-send after the route refused the history's shape
   * (docs/design.md §13): tool-call ids of nine letters and digits (when the route's own rule takes
   * such ids), reasoning left out unless the route requires it, every thinking block left out
   * (Anthropic thinking then stays off), Gemini's documented placeholder in place of every thought
   * signature, system messages only first, tool results right after their calls, empty turns and
   * every field any family refuses left out.
   */
  public Profile strictest() {
    ToolCallIds.Rule narrow = ids.accepts(NARROWEST_ID) ? ToolCallIds.MISTRAL : ids;
    Family.Reasoning r =
        reasoning == Family.Reasoning.REQUIRED_ON_TOOL_TURNS
            ? reasoning
            : Family.Reasoning.REJECTED;
    return new Profile(family, narrow, r, true, true);
  }

  /**
   * Message fields left out of a message of {@code role}: the family's for that role, or every
   * family's when strict.
   */
  public Set<String> refusedFields(Role role) {
    if (!strict) {
      return family.refusedFields(role);
    }
    Set<String> all = new TreeSet<>();
    for (Family f : Family.values()) {
      all.addAll(f.refusedFields());
    }
    return all;
  }

  /**
   * Whether a tool result's images and files go in a user message after the results: the family's
   * rule, and always in the strictest form but for Anthropic, whose {@code tool_result} takes them.
   */
  public boolean toolResultsTextOnly() {
    return family.toolResultsTextOnly() || strict && family != Family.ANTHROPIC;
  }

  /**
   * Whether a user message right after tool results gets an assistant turn before it: the family's
   * rule, and always in the strictest form but for Anthropic, whose tool results travel in the user
   * turn itself (a generic provider that is really Mistral refuses that order, and the refusal is
   * one the repair reads).
   */
  public boolean assistantAfterToolResults() {
    return family.assistantAfterToolResults() || strict && family != Family.ANTHROPIC;
  }

  /**
   * Whether a tool result with no content gets a text saying so: the family's rule ({@link
   * Family#noEmptyToolResults()}), always if strict.
   */
  public boolean noEmptyToolResults() {
    return strict || family.noEmptyToolResults();
  }

  /** Whether an assistant turn with no content is left out: the family's rule, always if strict. */
  public boolean noEmptyMessages() {
    return strict || family.noEmptyMessages();
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
    return new Profile(f, ids, reasoning, systemFirst, false);
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
