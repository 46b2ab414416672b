package dev.orchestrator.providers.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Tool-call ids conformed to a provider family (docs/design.md §13), as properties over random
 * histories whose ids come from anywhere (other providers, gateways, long minted ids): every id the
 * family would reject is replaced, accepted ids are kept, each result still answers its call,
 * distinct ids stay distinct, and the same history always maps the same way.
 */
class ToolCallIdsPropertyTest {

  @Provide
  Arbitrary<List<List<String>>> rounds() {
    Arbitrary<String> id =
        Arbitraries.oneOf(
            Arbitraries.strings().ofMinLength(1).ofMaxLength(80), // anything, unicode included
            Arbitraries.strings()
                .alpha()
                .numeric()
                .withChars("_-.:|")
                .ofMinLength(1)
                .ofMaxLength(50),
            Arbitraries.strings().alpha().numeric().ofLength(9));
    return id.list()
        .ofMinSize(1)
        .ofMaxSize(3)
        .list()
        .ofMinSize(1)
        .ofMaxSize(4)
        .filter(ToolCallIdsPropertyTest::unique);
  }

  private static boolean unique(List<List<String>> rounds) {
    Set<String> seen = new HashSet<>();
    for (List<String> r : rounds) {
      for (String id : r) {
        if (id.isBlank() || !seen.add(id)) {
          return false;
        }
      }
    }
    return true;
  }

  @Provide
  Arbitrary<ToolCallIds.Rule> rules() {
    return Arbitraries.of(ToolCallIds.OPENAI, ToolCallIds.ANTHROPIC, ToolCallIds.MISTRAL);
  }

  /** user; then per round an assistant turn calling each id and one tool result per call. */
  static List<ChatMessage> history(List<List<String>> rounds) {
    List<ChatMessage> out = new ArrayList<>();
    out.add(ChatMessage.user("go"));
    for (List<String> round : rounds) {
      List<ToolCall> calls = new ArrayList<>();
      for (String id : round) {
        calls.add(new ToolCall(id, "lookup", "{\"q\":1}"));
      }
      out.add(ChatMessage.assistant("", calls));
      for (String id : round) {
        out.add(ChatMessage.tool(id, "result of " + id));
      }
    }
    return out;
  }

  @Property(tries = 300)
  void everyIdIsAcceptedPairedDistinctAndStable(
      @ForAll("rounds") List<List<String>> rounds, @ForAll("rules") ToolCallIds.Rule rule) {
    List<ChatMessage> before = history(rounds);
    List<ChatMessage> after = ToolCallIds.conform(before, rule);

    assertThat(ToolCallIds.conform(before, rule)).isEqualTo(after);
    assertThat(after).hasSameSizeAs(before);
    Map<String, String> mapping = new HashMap<>();
    for (int i = 0; i < before.size(); i++) {
      ChatMessage b = before.get(i);
      ChatMessage a = after.get(i);
      assertThat(a.role()).isEqualTo(b.role());
      assertThat(a.content()).isEqualTo(b.content());
      for (int j = 0; j < b.toolCalls().size(); j++) {
        String was = b.toolCalls().get(j).id();
        String now = a.toolCalls().get(j).id();
        assertThat(rule.accepts(now)).as("%s accepts %s", rule.name(), now).isTrue();
        if (rule.accepts(was)) {
          assertThat(now).isEqualTo(was);
        }
        assertThat(a.toolCalls().get(j).argumentsJson())
            .isEqualTo(b.toolCalls().get(j).argumentsJson());
        mapping.put(was, now);
      }
      if (b.toolCallId() != null) {
        // the result answers the call it answered before, under the call's new id
        assertThat(a.toolCallId()).isEqualTo(mapping.get(b.toolCallId()));
      }
    }
    assertThat(new HashSet<>(mapping.values())).hasSameSizeAs(mapping.keySet());
  }

  @Property(tries = 50)
  void aHistoryTheFamilyAcceptsIsSentAsItIs(@ForAll("rules") ToolCallIds.Rule rule) {
    String id = rule == ToolCallIds.MISTRAL ? "abcDEF123" : "call_abc123";
    List<ChatMessage> history = history(List.of(List.of(id)));
    assertThat(ToolCallIds.conform(history, rule)).isSameAs(history);
  }
}
