package dev.orchestrator.engine.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Thinking blocks as a framework message keeps them: one signature at most, redacted data apart.
 */
class ThinkingTest {
  @Test
  void oneSignedBlockKeepsItsSignatureSeveralKeepNone() {
    Thinking a = Thinking.of("a", "sig-a");
    Thinking b = Thinking.of("b", "sig-b");
    Thinking unsigned = Thinking.of("c", null);
    Thinking redacted = Thinking.redacted("enc");
    assertThat(Thinking.soleSignature(List.of(a, unsigned, redacted))).isEqualTo("sig-a");
    assertThat(Thinking.soleSignature(List.of(a, b))).isNull();
    assertThat(Thinking.soleSignature(List.of(unsigned))).isNull();
    assertThat(Thinking.redactedData(List.of(a, redacted, Thinking.redacted("enc2"))))
        .containsExactly("enc", "enc2");
  }

  @Test
  void aMessageStandsForItsSignedTextThenItsRedactedBlocks() {
    assertThat(Thinking.fromMessage("why", "sig", List.of("enc", "", 7)))
        .containsExactly(Thinking.of("why", "sig"), Thinking.redacted("enc"));
    assertThat(Thinking.fromMessage("why", "", null)).isEmpty(); // unsigned: not replayed
    assertThat(Thinking.fromMessage(null, "sig", "not a list")).isEmpty();
  }

  @Test
  void aRedactedBlockHoldsOnlyItsData() {
    assertThatThrownBy(() -> new Thinking("text", null, "enc"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("redacted");
  }
}
