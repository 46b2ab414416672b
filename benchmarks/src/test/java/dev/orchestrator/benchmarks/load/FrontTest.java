package dev.orchestrator.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Each front's stream is read to its own end, its text and error events told apart. */
class FrontTest {

  @Test
  void aMessagesStreamEndsAtMessageStopAndItsTextIsATextDelta() throws Exception {
    String stream =
        "event: message_start\ndata: {\"type\":\"message_start\"}\n\n"
            + "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,"
            + "\"delta\":{\"type\":\"text_delta\",\"text\":\"Hi\"}}\n\n"
            + "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
    Target.Probe probe = new Target.Probe();
    HttpTarget.readStream("t", in(stream), probe, Front.MESSAGES);
    assertThat(probe.firstTokenAt()).isPositive();
    assertThatThrownBy(
            () ->
                HttpTarget.readStream("t", in("event: error\ndata: {}\n\n"), probe, Front.MESSAGES))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("error event");
  }

  @Test
  void aResponsesStreamIsNotFailedByAnEmptyErrorFieldAndEndsAtResponseCompleted() throws Exception {
    String stream =
        "event: response.created\ndata: {\"type\":\"response.created\",\"response\":"
            + "{\"error\":null}}\n\n"
            + "event: response.output_text.delta\ndata: {\"delta\":\"Hi\"}\n\n"
            + "event: response.completed\ndata: {\"type\":\"response.completed\"}\n\n";
    HttpTarget.readStream("t", in(stream), new Target.Probe(), Front.RESPONSES);
    assertThatThrownBy(
            () ->
                HttpTarget.readStream(
                    "t",
                    in("event: response.created\ndata: {}\n\n"),
                    new Target.Probe(),
                    Front.RESPONSES))
        .hasMessageContaining("without content");
  }

  @Test
  void everyFrontAsksForTheSameMessagesInItsOwnWords() {
    assertThat(Front.MESSAGES.body("fallback", true))
        .contains("\"system\":\"" + Bodies.SYSTEM)
        .contains("\"stream\":true");
    assertThat(Front.RESPONSES.body("fallback", false))
        .contains("\"instructions\":\"" + Bodies.SYSTEM)
        .contains("\"store\":false")
        .doesNotContain("stream");
    assertThat(Front.of("chat")).isEqualTo(Front.CHAT);
  }

  private static ByteArrayInputStream in(String s) {
    return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
  }
}
