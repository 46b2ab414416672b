package dev.orchestrator.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the soak counts as serve's terminal answer when a stream's body is broken off. */
class ServeCallerTest {

  private static final String CHUNK = "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n";
  private static final String ERROR =
      "event: error\ndata: {\"error\":{\"message\":\"cut\",\"type\":\"upstream_error\","
          + "\"code\":\"stream_interrupted\"}}\n\n";

  @Test
  void anErrorFrameLastIsTheStreamsTerminalAnswer() {
    assertThat(FaultSoak.ServeCaller.endsWithStreamError(CHUNK + ERROR)).isTrue();
  }

  @Test
  void aBodyCutWithoutTheErrorFrameOrInsideItIsNone() {
    assertThat(FaultSoak.ServeCaller.endsWithStreamError(CHUNK)).isFalse();
    assertThat(FaultSoak.ServeCaller.endsWithStreamError(CHUNK + ERROR.substring(0, 40))).isFalse();
    assertThat(FaultSoak.ServeCaller.endsWithStreamError(CHUNK + ERROR + CHUNK)).isFalse();
    assertThat(
            FaultSoak.ServeCaller.endsWithStreamError(
                CHUNK + ERROR.replace("stream_interrupted", "server_error")))
        .isFalse();
  }

  @Test
  void anErrorBodyIsCountedByItsCodeTheEnginesErrorType() {
    assertThat(
            FaultSoak.ServeCaller.errorCode(
                "{\"error\":{\"message\":\"m\",\"type\":\"rate_limit_error\",\"code\":\"rate_limited\"}}"))
        .contains("rate_limited");
    assertThat(FaultSoak.ServeCaller.errorCode("{\"error\":{\"message\":\"m\"}}")).isEmpty();
    assertThat(FaultSoak.ServeCaller.errorCode("not json")).isEmpty();
  }
}
