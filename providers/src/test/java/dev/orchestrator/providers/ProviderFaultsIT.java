package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.providers.classify.FailureExplanations;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every scripted fault against both protocols, streaming and not, over real loopback sockets: the
 * outcome, the transport fault and, where the verdict is this module's own, the category. Limits
 * run on fake time: a call that waits on a limit is driven by moving the clock once it is in the
 * phase under test; every other call never sees a limit fire.
 */
class ProviderFaultsIT {
  /** Headers, first token and stream idle 10 s, whole attempt 40 s (fake time). */
  static final AttemptLimits LIMITS =
      new AttemptLimits(
          Duration.ofSeconds(1),
          Duration.ofSeconds(10),
          Duration.ofSeconds(10),
          Duration.ofSeconds(10),
          Duration.ofSeconds(40));

  static final List<String> CASES =
      List.of(
          "ok",
          "status_503",
          "status_400",
          "connect_refused",
          "reset_before_response",
          "no_response",
          "slow_first_token",
          "stream_cut",
          "stream_stall",
          "malformed_chunk",
          "no_done",
          "empty_choices",
          "invalid_json");

  static ScriptedUpstream upstream;
  static ManualScheduler scheduler;
  static HttpProviderClients clients;

  @BeforeAll
  static void start() {
    Map<String, List<Step>> scripts = new java.util.LinkedHashMap<>();
    for (String c : CASES) {
      scripts.put("p/" + c, List.of(step(c)));
    }
    upstream = ScriptedUpstream.start(scripts);
    scheduler = new ManualScheduler(new FakeTime());
    clients = scheduler.clients();
  }

  @AfterAll
  static void stop() {
    upstream.close();
  }

  static Step step(String c) {
    switch (c) {
      case "ok":
        return Step.ok("hello there");
      case "status_503":
        return Step.answer(503, "{\"error\":{\"message\":\"upstream exploded\"}}")
            .withHeaders(Map.of("x-request-id", "req_503"));
      case "status_400":
        return Step.answer(400, "{\"error\":{\"message\":\"bad field temperature\"}}");
      case "slow_first_token":
        return Step.fault(Fault.SLOW_FIRST_TOKEN).withDelay(600_000);
      default:
        return Step.fault(Fault.fromWireName(c));
    }
  }

  /**
   * Whether the verdict depends on body bytes that arrive before the limit (a whole body stalled
   * part-way is read, not awaited): the clock then moves only once the attempt has counted them.
   */
  static boolean bodyArrivesFirst(String scenario, boolean stream) {
    return scenario.equals("stream_stall") && !stream;
  }

  /**
   * How many times a call that waits on a limit has armed its timer once it is in the phase under
   * test (at the start; when the headers are in; at the first token), or 0 for a call that ends on
   * its own.
   */
  static int armsBeforeItsLimit(String scenario, boolean stream) {
    switch (scenario) {
      case "no_response":
        return 1;
      case "slow_first_token":
        return 2;
      case "stream_stall":
        return stream ? 3 : 2;
      default:
        return 0;
    }
  }

  @ParameterizedTest(name = "{0} {1} stream={2}")
  @CsvSource(
      textBlock =
          """
          # case,                 protocol,           stream, outcome, fault,                 category,           visible
          ok,                     OPENAI_CHAT,        false,  success, -,                     -,                  false
          ok,                     OPENAI_CHAT,        true,   success, -,                     -,                  false
          ok,                     ANTHROPIC_MESSAGES, false,  success, -,                     -,                  false
          ok,                     ANTHROPIC_MESSAGES, true,   success, -,                     -,                  false
          no_done,                OPENAI_CHAT,        true,   success, -,                     -,                  false
          no_done,                ANTHROPIC_MESSAGES, true,   success, -,                     -,                  false
          no_done,                OPENAI_CHAT,        false,  success, -,                     -,                  false
          no_done,                ANTHROPIC_MESSAGES, false,  success, -,                     -,                  false
          status_503,             OPENAI_CHAT,        false,  failed,  -,                     SERVER_ERROR,       false
          status_503,             OPENAI_CHAT,        true,   failed,  -,                     SERVER_ERROR,       false
          status_503,             ANTHROPIC_MESSAGES, false,  failed,  -,                     SERVER_ERROR,       false
          status_503,             ANTHROPIC_MESSAGES, true,   failed,  -,                     SERVER_ERROR,       false
          status_400,             OPENAI_CHAT,        false,  failed,  -,                     REQUEST_INVALID,    false
          status_400,             ANTHROPIC_MESSAGES, true,   failed,  -,                     REQUEST_INVALID,    false
          connect_refused,        OPENAI_CHAT,        false,  failed,  RESET_BEFORE_RESPONSE, -,                  false
          connect_refused,        ANTHROPIC_MESSAGES, true,   failed,  RESET_BEFORE_RESPONSE, -,                  false
          reset_before_response,  OPENAI_CHAT,        false,  failed,  RESET_BEFORE_RESPONSE, -,                  false
          reset_before_response,  OPENAI_CHAT,        true,   failed,  RESET_BEFORE_RESPONSE, -,                  false
          reset_before_response,  ANTHROPIC_MESSAGES, false,  failed,  RESET_BEFORE_RESPONSE, -,                  false
          reset_before_response,  ANTHROPIC_MESSAGES, true,   failed,  RESET_BEFORE_RESPONSE, -,                  false
          no_response,            OPENAI_CHAT,        false,  failed,  READ_TIMEOUT,          -,                  false
          no_response,            OPENAI_CHAT,        true,   failed,  READ_TIMEOUT,          -,                  false
          no_response,            ANTHROPIC_MESSAGES, false,  failed,  READ_TIMEOUT,          -,                  false
          no_response,            ANTHROPIC_MESSAGES, true,   failed,  READ_TIMEOUT,          -,                  false
          slow_first_token,       OPENAI_CHAT,        true,   failed,  FIRST_TOKEN_TIMEOUT,   -,                  false
          slow_first_token,       OPENAI_CHAT,        false,  failed,  FIRST_TOKEN_TIMEOUT,   -,                  false
          slow_first_token,       ANTHROPIC_MESSAGES, true,   failed,  FIRST_TOKEN_TIMEOUT,   -,                  false
          slow_first_token,       ANTHROPIC_MESSAGES, false,  failed,  FIRST_TOKEN_TIMEOUT,   -,                  false
          stream_stall,           OPENAI_CHAT,        true,   failed,  STREAM_IDLE_TIMEOUT,   STREAM_INTERRUPTED, true
          stream_stall,           ANTHROPIC_MESSAGES, true,   failed,  STREAM_IDLE_TIMEOUT,   STREAM_INTERRUPTED, true
          stream_stall,           OPENAI_CHAT,        false,  failed,  READ_TIMEOUT,          -,                  false
          stream_stall,           ANTHROPIC_MESSAGES, false,  failed,  READ_TIMEOUT,          -,                  false
          stream_cut,             OPENAI_CHAT,        true,   failed,  STREAM_TRUNCATED,      STREAM_INTERRUPTED, true
          stream_cut,             ANTHROPIC_MESSAGES, true,   failed,  STREAM_TRUNCATED,      STREAM_INTERRUPTED, true
          stream_cut,             OPENAI_CHAT,        false,  failed,  STREAM_TRUNCATED,      -,                  false
          stream_cut,             ANTHROPIC_MESSAGES, false,  failed,  STREAM_TRUNCATED,      -,                  false
          malformed_chunk,        OPENAI_CHAT,        true,   success, -,                     -,                  true
          malformed_chunk,        ANTHROPIC_MESSAGES, true,   success, -,                     -,                  true
          malformed_chunk,        OPENAI_CHAT,        false,  failed,  -,                     EMPTY_RESPONSE,     false
          malformed_chunk,        ANTHROPIC_MESSAGES, false,  failed,  -,                     EMPTY_RESPONSE,     false
          empty_choices,          OPENAI_CHAT,        false,  failed,  -,                     EMPTY_RESPONSE,     false
          empty_choices,          OPENAI_CHAT,        true,   failed,  -,                     EMPTY_RESPONSE,     false
          empty_choices,          ANTHROPIC_MESSAGES, false,  failed,  -,                     EMPTY_RESPONSE,     false
          empty_choices,          ANTHROPIC_MESSAGES, true,   failed,  -,                     EMPTY_RESPONSE,     false
          invalid_json,           OPENAI_CHAT,        false,  failed,  -,                     EMPTY_RESPONSE,     false
          invalid_json,           OPENAI_CHAT,        true,   failed,  -,                     EMPTY_RESPONSE,     false
          invalid_json,           ANTHROPIC_MESSAGES, false,  failed,  -,                     EMPTY_RESPONSE,     false
          invalid_json,           ANTHROPIC_MESSAGES, true,   failed,  -,                     EMPTY_RESPONSE,     false
          """)
  void answersEachScriptedFaultWithItsTypedOutcome(
      String scenario,
      Protocol protocol,
      boolean stream,
      String outcome,
      String fault,
      String category,
      boolean visible)
      throws Exception {
    Provider p = Fixtures.provider("p", upstream.baseUrl("p"), protocol);
    Fixtures.Recorder listener = new Fixtures.Recorder();
    Supplier<AttemptOutcome> call =
        () -> clients.clientFor(p).send(Fixtures.call(p, scenario, stream, LIMITS, listener));
    int arms = armsBeforeItsLimit(scenario, stream);
    int armed = scheduler.scheduled() + arms;
    AttemptOutcome result =
        arms == 0
            ? call.get()
            : bodyArrivesFirst(scenario, stream)
                ? scheduler.driveOnceRead(call, armed, Duration.ofSeconds(1))
                : scheduler.drive(call, armed, Duration.ofSeconds(1));

    if (outcome.equals("success")) {
      assertThat(result).isInstanceOf(AttemptOutcome.Succeeded.class);
      String content = ((AttemptOutcome.Succeeded) result).response().content();
      assertThat(content).isEqualTo(step(scenario).effectiveContent());
      if (stream) {
        assertThat(listener.text()).isEqualTo(content);
      }
      return;
    }
    assertThat(result).isInstanceOf(AttemptOutcome.Failed.class);
    AttemptOutcome.Failed failed = (AttemptOutcome.Failed) result;
    ProviderFailure f = failed.failure();
    assertThat(failed.visibleOutput()).as("visibleOutput of %s", f).isEqualTo(visible);
    assertThat(listener.deltas.isEmpty()).isEqualTo(!visible);
    if (!fault.equals("-")) {
      assertThat(f.transportFault()).as("fault of %s", f).isEqualTo(TransportFault.valueOf(fault));
      // The fault is named once: what follows it is the cause, not the fault said again.
      String named = FailureExplanations.describe(f.transportFault());
      assertThat(f.message()).startsWith(named);
      assertThat(f.message().substring(named.length())).doesNotContainIgnoringCase("stream");
    }
    if (!category.equals("-")) {
      assertThat(f.category()).as("category of %s", f).isEqualTo(FailureCategory.valueOf(category));
    }
    if (visible) {
      assertThat(f.retryable()).isFalse();
    }
    if (f.category() == FailureCategory.EMPTY_RESPONSE) {
      assertThat(f.retryable()).isTrue();
      assertThat(f.status()).isEqualTo(200);
    }
    if (scenario.startsWith("status_")) {
      assertThat(f.status()).isEqualTo(Integer.parseInt(scenario.substring(7)));
      assertThat(f.transportFault()).isNull();
    }
    assertThat(f.toString()).doesNotContain(Fixtures.SECRET);
  }
}
