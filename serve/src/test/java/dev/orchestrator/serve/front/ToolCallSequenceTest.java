package dev.orchestrator.serve.front;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.chat.ToolCallDelta;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolCallSequenceTest {
  private final List<ToolCallDelta> out = new ArrayList<>();
  private final ToolCallSequence sequence = new ToolCallSequence(out::add);

  @Test
  void callsStreamedOneAfterTheOtherPassOnAsTheyCome() {
    sequence.fragment(new ToolCallDelta(0, "a", "f", "{\"x\":"));
    sequence.fragment(new ToolCallDelta(0, null, null, "1}"));
    sequence.fragment(new ToolCallDelta(1, "b", "g", ""));
    sequence.fragment(new ToolCallDelta(1, null, null, "{}"));
    assertThat(out)
        .containsExactly(
            new ToolCallDelta(0, "a", "f", "{\"x\":"),
            new ToolCallDelta(0, null, null, "1}"),
            new ToolCallDelta(1, "b", "g", ""),
            new ToolCallDelta(1, null, null, "{}"));
    assertThat(sequence.complete(0)).isTrue();
    assertThat(sequence.complete(1)).isTrue();
    assertThat(out).hasSize(4);
  }

  @Test
  void aCallStartedBeforeTheOneStreamingIsCompleteWaitsForItsTurnWithItsPiecesGathered() {
    sequence.fragment(new ToolCallDelta(0, "a", "f", "{\"x\":"));
    sequence.fragment(new ToolCallDelta(1, "b", "g", "{\"y\":"));
    sequence.fragment(new ToolCallDelta(2, "c", "h", "{"));
    sequence.fragment(new ToolCallDelta(0, null, null, "1}"));
    sequence.fragment(new ToolCallDelta(1, null, null, "2}", "sig"));
    sequence.fragment(new ToolCallDelta(2, null, null, "}"));
    assertThat(out)
        .containsExactly(
            new ToolCallDelta(0, "a", "f", "{\"x\":"), new ToolCallDelta(0, null, null, "1}"));
    assertThat(sequence.complete(0)).isTrue(); // call 1 holds a whole object: call 2 follows
    assertThat(out)
        .endsWith(
            new ToolCallDelta(1, "b", "g", "{\"y\":2}", "sig"),
            new ToolCallDelta(2, "c", "h", "{}"));
    assertThat(out).hasSize(4);
  }

  @Test
  void theEndPassesOnEveryCallStillHeldAndAWholeCallAloneIsLeftToTheFront() {
    sequence.fragment(new ToolCallDelta(0, "a", "f", "{\"x\":"));
    sequence.fragment(new ToolCallDelta(1, "b", "g", "{\"y\":"));
    sequence.flush();
    assertThat(out)
        .containsExactly(
            new ToolCallDelta(0, "a", "f", "{\"x\":"), new ToolCallDelta(1, "b", "g", "{\"y\":"));
    assertThat(sequence.complete(2)).isFalse();
  }
}
