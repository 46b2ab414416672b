package dev.orchestrator.engine.testing;

import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.spi.ProviderClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An in-memory provider client: each route answers its scripted outcomes in order, the last one
 * repeating; an unscripted route answers "ok". Each call may advance a {@link FakeTime}.
 * Thread-safe.
 */
public final class ScriptedClient implements ProviderClient {
  private final Map<String, List<Step>> scripts = new HashMap<>();
  private final Map<String, Integer> positions = new HashMap<>();
  private final List<String> calls = new ArrayList<>();
  private final List<ProviderCall> callDetails = new ArrayList<>();
  private final FakeTime time;
  private volatile boolean repairs = true;

  /** One scripted answer. */
  public static final class Step {
    final AttemptOutcome outcome;
    final Duration takes;
    final String streamed;

    Step(AttemptOutcome outcome, Duration takes, String streamed) {
      this.outcome = outcome;
      this.takes = takes;
      this.streamed = streamed;
    }

    /** The same answer, after {@code d} of fake time. */
    public Step taking(Duration d) {
      return new Step(outcome, d, streamed);
    }
  }

  /** A client on this fake time. */
  public ScriptedClient(FakeTime time) {
    this.time = time;
  }

  /**
   * An orchestrator builder whose every provider is this client, with a constant key and this
   * client's fake time as ticker and sleeper; the caller adds the catalog.
   */
  public TaskOrchestrator.Builder orchestrator() {
    return orchestrator(this, time);
  }

  /**
   * An orchestrator builder whose every provider is {@code client}, with a constant key and {@code
   * time} as ticker and sleeper; the caller adds the catalog.
   */
  public static TaskOrchestrator.Builder orchestrator(ProviderClient client, FakeTime time) {
    return TaskOrchestrator.builder()
        .providers(ProviderClients.single(client))
        .credentials(Credentials.constant("k"))
        .ticker(time)
        .sleeper(time);
  }

  /** The exception {@code o} throws for {@code r}; fails the test when it answers instead. */
  public static dev.orchestrator.engine.OrchestratorException failure(
      TaskOrchestrator o, dev.orchestrator.engine.chat.ChatRequest r) {
    try {
      o.chat(r);
    } catch (dev.orchestrator.engine.OrchestratorException e) {
      return e;
    }
    throw new AssertionError("expected a failure");
  }

  /** Scripts a route. */
  public synchronized ScriptedClient script(String route, Step... steps) {
    scripts.put(route, List.of(steps));
    return this;
  }

  /** A success with {@code content}. */
  public static Step ok(String content) {
    return ok(content, new Usage(3, 5, 8));
  }

  /** A success with {@code content} reporting {@code usage} ({@link Usage#NONE}: none reported). */
  public static Step ok(String content, Usage usage) {
    return new Step(
        new AttemptOutcome.Succeeded(
            new ChatResponse(content, List.of(), "stop", usage, "m", null)),
        Duration.ofMillis(5),
        null);
  }

  /** A failure with this HTTP status and category. */
  public static Step fail(int status, FailureCategory c, boolean retryable) {
    return failure(
        ProviderFailure.builder(c, ReachedModel.YES)
            .retryable(retryable)
            .status(status)
            .message("upstream said " + status)
            .body("{\"error\":{\"message\":\"upstream said " + status + "\"}}")
            .build());
  }

  /** A failure with a Retry-After. */
  public static Step rateLimited(Duration retryAfter) {
    return failure(
        ProviderFailure.builder(FailureCategory.RATE_LIMITED, ReachedModel.YES)
            .retryable(true)
            .status(429)
            .retryAfter(retryAfter)
            .message("rate limited")
            .build());
  }

  /** A silent route: no response before the attempt timeout. */
  public static Step silent(Duration takes) {
    return new Step(
        new AttemptOutcome.Failed(
            ProviderFailure.of(
                FailureCategory.TIMEOUT,
                true,
                ReachedModel.UNKNOWN,
                TransportFault.READ_TIMEOUT,
                "no response"),
            false),
        takes,
        null);
  }

  /** Streams {@code text} then fails with a cut stream. */
  public static Step cutAfter(String text) {
    return new Step(
        new AttemptOutcome.Failed(
            ProviderFailure.of(
                FailureCategory.CONNECTION_FAILED,
                true,
                ReachedModel.YES,
                TransportFault.STREAM_TRUNCATED,
                "stream cut"),
            false),
        Duration.ofMillis(5),
        text);
  }

  /** Streams {@code text}, then fails with {@code f}. */
  public static Step failAfter(String text, ProviderFailure f) {
    return new Step(new AttemptOutcome.Failed(f, false), Duration.ofMillis(5), text);
  }

  /** Any failure. */
  public static Step failure(ProviderFailure f) {
    return new Step(new AttemptOutcome.Failed(f, false), Duration.ofMillis(5), null);
  }

  @Override
  public AttemptOutcome send(ProviderCall call) {
    String route = call.route().id();
    Step step;
    synchronized (this) {
      calls.add(route);
      callDetails.add(call);
      List<Step> s = scripts.get(route);
      if (s == null) {
        step = ok("ok");
      } else {
        int p = positions.merge(route, 1, Integer::sum) - 1;
        step = s.get(Math.min(p, s.size() - 1));
      }
    }
    Duration takes = step.takes;
    if (takes.compareTo(call.limits().total()) > 0) {
      takes = call.limits().total();
    }
    time.advance(takes);
    if (step.streamed != null && call.listener() != null) {
      call.listener().onContent(step.streamed);
    }
    return step.outcome;
  }

  /**
   * Whether a history in its strictest form would differ from the one sent ({@link
   * ProviderClient#repairs}); true unless set, as for a client that adapts histories.
   */
  public ScriptedClient repairs(boolean v) {
    repairs = v;
    return this;
  }

  @Override
  public boolean repairs(ProviderCall call) {
    return repairs;
  }

  /** Route ids in call order. */
  public synchronized List<String> calls() {
    return List.copyOf(calls);
  }

  /** Every call, in order. */
  public synchronized List<ProviderCall> callDetails() {
    return List.copyOf(callDetails);
  }
}
