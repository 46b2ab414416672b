package dev.orchestrator.providers.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class StepTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static JsonNode json(String s) throws Exception {
    return MAPPER.readTree(s);
  }

  @Test
  void parsesEveryField() throws Exception {
    Step s =
        Step.fromJson(
            json(
                "{\"status\":429,\"body\":\"slow\",\"headers\":{\"Retry-After\":\"2\"},"
                    + "\"content\":\"hi\",\"fault\":\"stream_cut\",\"delayMs\":15,"
                    + "\"usage\":{\"prompt_tokens\":3}}"));

    assertThat(s)
        .isEqualTo(
            new Step(
                429,
                "slow",
                Map.of("Retry-After", "2"),
                "hi",
                Fault.STREAM_CUT,
                15L,
                Map.of("prompt_tokens", 3)));
  }

  @Test
  void sendsAnObjectBodyAsItsJson() throws Exception {
    assertThat(Step.fromJson(json("{\"status\":400,\"body\":{\"error\":{}}}")).body())
        .isEqualTo("{\"error\":{}}");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {"stauts": 200}               | unknown field 'stauts'
          {"fault": "stream_kaput"}     | fault: 'stream_kaput' (expected one of: connect_refused,
          {"status": 99}                | status: 99 (expected: 100..599)
          {"status": "200"}             | status: "200" (expected: an integer
          {"delayMs": -1}               | delayMs: -1 (expected: >= 0)
          {"headers": ["a"]}            | headers: ["a"] (expected: an object of strings)
          []                            | (expected: an object
          """)
  void rejectsBadStepsNamingTheValue(String step, String message) throws Exception {
    assertThatThrownBy(() -> Step.fromJson(json(step)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @ParameterizedTest
  @EnumSource(Fault.class)
  void faultWireNamesRoundTrip(Fault f) {
    assertThat(Fault.fromWireName(f.wireName())).isEqualTo(f);
    assertThat(f.wireName()).matches("[a-z_]+");
  }

  @Test
  void defaultsContentByShape() {
    assertThat(Step.ok(null).effectiveContent()).isEqualTo("ok");
    assertThat(Step.fault(Fault.STREAM_CUT).effectiveContent()).isEqualTo(Step.DEFAULT_CONTENT);
    assertThat(Step.DEFAULT_CONTENT.split(" ")).hasSizeBetween(55, 70);
  }

  @Test
  void readsAScenarioUpstreamSection() throws Exception {
    Map<String, List<Step>> scripts =
        ScriptedUpstream.scriptsFromJson(
            json(
                "{\"a/m\":[{\"status\":503},{\"status\":200,\"content\":\"hello\"}],"
                    + "\"c/n\":{\"fault\":\"reset_before_response\"}}"));

    assertThat(scripts.get("a/m"))
        .containsExactly(new Step(503, null, null, null, null, null, null), Step.ok("hello"));
    assertThat(scripts.get("c/n")).containsExactly(Step.fault(Fault.RESET_BEFORE_RESPONSE));
    assertThatThrownBy(
            () -> ScriptedUpstream.scriptsFromJson(json("{\"a/m\":[{\"fault\":\"x\"}]}")))
        .hasMessageStartingWith("upstream 'a/m': fault: 'x'");
    assertThatThrownBy(() -> ScriptedUpstream.start(Map.of("nomodel", List.of(Step.ok("x")))))
        .hasMessageContaining("(expected: provider/model)");
  }
}
