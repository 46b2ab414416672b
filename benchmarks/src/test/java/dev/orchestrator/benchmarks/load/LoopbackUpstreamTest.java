package dev.orchestrator.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoopbackUpstreamTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {"model":"m-1","stream":true}            | m-1 | true
          {"model": "a/b:free", "stream" : true}   | a/b:free | true
          {"stream":false,"model":"x"}             | x | false
          {"messages":[]}                          | - | false
          """)
  void readsTheModelAndStreamFlagWithoutParsing(String body, String model, boolean stream) {
    assertThat(LoopbackUpstream.model(body)).isEqualTo(model);
    assertThat(LoopbackUpstream.streams(body)).isEqualTo(stream);
  }

  @ParameterizedTest
  @CsvSource({"/p/free-a/v1/chat/completions, free-a", "/v1/chat/completions, -", "/p/, -"})
  void takesTheProviderFromThePath(String path, String provider) {
    assertThat(LoopbackUpstream.provider(path)).isEqualTo(provider);
  }
}
