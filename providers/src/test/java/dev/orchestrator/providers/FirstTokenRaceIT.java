package dev.orchestrator.providers;

import static dev.orchestrator.providers.HostileUpstream.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptLimits;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.testing.FakeTime;
import java.time.Duration;
import java.util.function.BiPredicate;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The first-token limit and a stream's first token race, and exactly one wins (docs/design.md §5):
 * either the limit stopped the attempt and nothing was relayed (so it may be failed over), or the
 * token was relayed and the first-token limit no longer applies. Against a real loopback upstream
 * on fake time ({@link ManualScheduler}): the limit passes, and its check runs, on the attempt's
 * own thread at a chosen call of the stream's listener, so each interleaving is played exactly.
 */
class FirstTokenRaceIT {
  private static final Duration FIRST_TOKEN = Duration.ofSeconds(20);
  private static final Duration LONG = Duration.ofDays(300);

  /** Only the first-token limit is ever reached. */
  private static final AttemptLimits LIMITS =
      new AttemptLimits(Duration.ofSeconds(1), LONG, FIRST_TOKEN, LONG, LONG.multipliedBy(2));

  private static final String SSE_HEAD =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n";

  private static final String ROLE = chunk("{\"role\":\"assistant\"}", "");
  private static final String HELLO = chunk("{\"content\":\"Hello\"}", "");
  private static final String REST =
      chunk("{\"content\":\" world\"}", "")
          + chunk("{}", ",\"finish_reason\":\"stop\"")
          + "data: [DONE]\n\n";

  private static final String MESSAGE_START =
      "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\","
          + "\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"m\","
          + "\"usage\":{\"input_tokens\":3,\"output_tokens\":1}}}\n\n";
  private static final String ANTHROPIC_END =
      "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n"
          + "event: message_delta\ndata: {\"type\":\"message_delta\","
          + "\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":2}}\n\n"
          + "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";

  /** What the upstream sends before it waits for the first batch to end, and after. */
  enum Script {
    OPENAI_TEXT(Protocol.OPENAI_CHAT, HELLO, REST, "", "Hello world"),
    OPENAI_ROLE_THEN_TEXT(Protocol.OPENAI_CHAT, ROLE + HELLO, REST, "", "Hello world"),
    OPENAI_TEXT_WITH_LOGPROBS(
        Protocol.OPENAI_CHAT,
        chunk("{\"content\":\"Hello\"}", ",\"logprobs\":{\"content\":[]}"),
        REST,
        "",
        "Hello world"),
    OPENAI_REASONING_FIRST(
        Protocol.OPENAI_CHAT,
        chunk("{\"reasoning_content\":\"Hmm\"}", ""),
        HELLO + REST,
        "Hmm",
        "Hello world"),
    ANTHROPIC_TEXT(
        Protocol.ANTHROPIC_MESSAGES,
        MESSAGE_START + blockStart("text", "") + blockDelta("text_delta", "text", "Hello"),
        blockDelta("text_delta", "text", " world") + ANTHROPIC_END,
        "",
        "Hello world"),
    ANTHROPIC_THINKING_FIRST(
        Protocol.ANTHROPIC_MESSAGES,
        MESSAGE_START + blockStart("thinking", ",\"signature\":\"\""),
        blockDelta("thinking_delta", "thinking", "Hmm")
            + "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n"
            + blockStart("text", "").replace("\"index\":0", "\"index\":1")
            + blockDelta("text_delta", "text", "Hello world").replace("\"index\":0", "\"index\":1")
            + ANTHROPIC_END.replace("\"index\":0", "\"index\":1"),
        "Hmm",
        "Hello world");

    final Protocol protocol;
    final String first;
    final String rest;
    final String reasoning;
    final String content;

    Script(Protocol protocol, String first, String rest, String reasoning, String content) {
      this.protocol = protocol;
      this.first = first;
      this.rest = rest;
      this.reasoning = reasoning;
      this.content = content;
    }
  }

  private final FakeTime time = new FakeTime();
  private final ManualScheduler scheduler = new ManualScheduler(time);
  private final HttpProviderClients clients = scheduler.clients();

  private static String chunk(String delta, String more) {
    return "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":" + delta + more + "}]}\n\n";
  }

  private static String blockStart(String type, String more) {
    return "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,"
        + "\"content_block\":{\"type\":\""
        + type
        + "\",\""
        + type
        + "\":\"\""
        + more
        + "}}\n\n";
  }

  private static String blockDelta(String type, String field, String text) {
    return "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,"
        + "\"delta\":{\"type\":\""
        + type
        + "\",\""
        + field
        + "\":\""
        + text
        + "\"}}\n\n";
  }

  /**
   * Records what reaches the caller, and lets the first-token limit pass at the first of its calls
   * that {@code when} picks (by index from 0, and name): the time moves to the deadline and the due
   * check runs right there, on the attempt's thread. The end of the first batch lets the upstream
   * send the rest.
   */
  private final class Racing extends Fixtures.Recorder {
    private final BiPredicate<Integer, String> when;
    private final long deadline;
    private final HostileUpstream upstream;
    private int calls;

    /** Whether the limit passed, and whether anything visible had reached the caller then. */
    boolean passed;

    boolean visibleWhenPassed;

    Racing(BiPredicate<Integer, String> when, HostileUpstream upstream) {
      this.when = when;
      this.deadline = time.read() + FIRST_TOKEN.toNanos(); // the attempt starts now
      this.upstream = upstream;
    }

    private void call(String name) {
      if (!passed && when.test(calls++, name)) {
        visibleWhenPassed = visible();
        passed = true;
        time.advance(Duration.ofNanos(deadline - time.read()));
        scheduler.runDue();
      }
    }

    boolean visible() {
      return !deltas.isEmpty() || reasoning.length() > 0;
    }

    @Override
    public void onBatchStart() {
      call("onBatchStart");
    }

    @Override
    public void onBatchEnd() {
      call("onBatchEnd");
      upstream.release();
    }

    @Override
    public void onResponseMetadata(String upstreamId, String systemFingerprint) {
      call("onResponseMetadata");
      super.onResponseMetadata(upstreamId, systemFingerprint);
    }

    @Override
    public void onUsage(Usage usage) {
      call("onUsage");
    }

    @Override
    public void onLogprobs(String logprobsJson) {
      call("onLogprobs");
    }

    @Override
    public void onContent(String delta) {
      call("onContent");
      super.onContent(delta);
    }

    @Override
    public void onReasoning(String delta) {
      call("onReasoning");
      super.onReasoning(delta);
    }
  }

  /** Upstream: the head and {@code first}, then, once the first batch has ended, {@code rest}. */
  private static HostileUpstream upstream(Script s) throws Exception {
    return HostileUpstream.start(
        (c, socket) -> {
          c.readRequest(socket, true);
          write(socket, SSE_HEAD + s.first);
          c.stall();
          write(socket, s.rest);
        });
  }

  private record Run(AttemptOutcome outcome, Racing listener) {}

  /**
   * One streamed attempt of {@code s} whose first-token limit passes at the call {@code when}
   * picks.
   */
  private Run run(Script s, BiPredicate<Integer, String> when) throws Exception {
    try (HostileUpstream upstream = upstream(s)) {
      Provider p =
          Fixtures.provider("p", "http://127.0.0.1:" + upstream.port() + "/v1", s.protocol);
      Racing listener = new Racing(when, upstream);
      // On this thread: the listener's calls, and with them the limit's check, run on it.
      AttemptOutcome out = clients.clientFor(p).send(Fixtures.call(p, "m", true, LIMITS, listener));
      assertThat(Thread.currentThread().isInterrupted()).isFalse();
      return new Run(out, listener);
    }
  }

  private static void assertStoppedBeforeAnyOutput(Run r) {
    assertThat(r.outcome()).isInstanceOf(AttemptOutcome.Failed.class);
    AttemptOutcome.Failed failed = (AttemptOutcome.Failed) r.outcome();
    ProviderFailure f = failed.failure();
    assertThat(r.listener().visible()).as("relayed before the first-token stop").isFalse();
    assertThat(failed.visibleOutput()).isFalse();
    assertThat(f.transportFault()).isEqualTo(TransportFault.FIRST_TOKEN_TIMEOUT);
    assertThat(f.message()).endsWith("no first token within 20000 ms");
    assertThat(f.category()).isEqualTo(FailureCategory.TIMEOUT);
    assertThat(f.retryable()).isTrue();
  }

  private static void assertWholeAnswer(Run r, Script s) {
    assertThat(r.outcome())
        .as("a stream that relayed its first token ends as the stream says")
        .isInstanceOf(AttemptOutcome.Succeeded.class);
    assertThat(r.listener().text()).isEqualTo(s.content);
    assertThat(r.listener().reasoning.toString()).isEqualTo(s.reasoning);
    assertThat(((AttemptOutcome.Succeeded) r.outcome()).response().content()).isEqualTo(s.content);
  }

  @Test
  void aFirstTokenStopBetweenTheBatchAndItsRelayRelaysNothing() throws Exception {
    // The limit passes as the batch holding the first token is handed over, before decoding.
    Run r = run(Script.OPENAI_TEXT, (i, call) -> call.equals("onBatchStart"));

    assertThat(r.listener().passed).isTrue();
    assertStoppedBeforeAnyOutput(r);
  }

  @Test
  void aFirstTokenLimitPassingWhileTheTokenIsRelayedNoLongerStopsTheStream() throws Exception {
    Run r = run(Script.OPENAI_TEXT, (i, call) -> call.equals("onContent"));

    assertThat(r.listener().passed).isTrue();
    assertThat(r.listener().deltas).startsWith("Hello");
    assertWholeAnswer(r, Script.OPENAI_TEXT);
  }

  /**
   * Whichever call of the listener the limit passes at, in whichever protocol and with whatever
   * comes before the first token: the stop relayed nothing, or the token was relayed and the stream
   * ended whole. Exhaustive: every script, every call (and past the last: the limit never passes).
   */
  @Property(generation = GenerationMode.EXHAUSTIVE)
  void exactlyOneOfTheFirstTokenAndItsLimitWins(
      @ForAll Script script, @ForAll @IntRange(min = 0, max = 12) int at) throws Exception {
    Run r = run(script, (i, call) -> i == at);

    if (r.outcome() instanceof AttemptOutcome.Failed) {
      assertThat(r.listener().passed).isTrue();
      assertStoppedBeforeAnyOutput(r);
    } else {
      assertWholeAnswer(r, script);
    }
    if (at == 0) {
      assertStoppedBeforeAnyOutput(r); // before the first batch was decoded: nothing produced
    }
    if (r.listener().visibleWhenPassed) {
      assertWholeAnswer(r, script);
    }
  }
}
