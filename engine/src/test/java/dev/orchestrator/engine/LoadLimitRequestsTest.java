package dev.orchestrator.engine;

import static dev.orchestrator.engine.testing.Catalogs.free;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.failure.ReachedModel;
import dev.orchestrator.engine.failure.TransportFault;
import dev.orchestrator.engine.health.Lateness;
import dev.orchestrator.engine.load.LoadLimit;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Cancellation;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.engine.spi.ProviderCall;
import dev.orchestrator.engine.spi.ProviderClient;
import dev.orchestrator.engine.spi.ProviderClients;
import dev.orchestrator.engine.testing.Catalogs;
import dev.orchestrator.engine.testing.FakeTime;
import dev.orchestrator.engine.testing.ManualTimer;
import dev.orchestrator.engine.testing.ScriptedClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The orchestrator's load limit (ADR 0058) on fake time: a request beyond it waits for a place
 * within its deadline and starts, its attempt limits whole, when one is given back; one whose
 * deadline passes while it waits ends as {@code deadline_exceeded}, one cancelled as {@code
 * cancelled}, neither sending anything; a stream holds its place until it ends; a place is given
 * back however a request ends; and the orchestrator feeds the limit both of its signals.
 */
@Timeout(60)
class LoadLimitRequestsTest {
  static final Catalog CATALOG = Catalogs.of(free("a", "m", 8000));
  static final Duration DEADLINE = Duration.ofSeconds(10);
  static final Duration ATTEMPT = Duration.ofSeconds(4);

  private final FakeTime time = new FakeTime();
  private final ManualTimer timer = new ManualTimer(time);
  private final ExecutorService callers = Executors.newCachedThreadPool();
  private final List<OrchestratorException> failures = new CopyOnWriteArrayList<>();

  @AfterEach
  void stop() {
    callers.shutdownNow();
  }

  /** A client whose every call waits until the test answers it. Thread-safe. */
  static final class GatedClient implements ProviderClient {
    final BlockingQueue<Call> calls = new LinkedBlockingQueue<>();

    /** One call in flight, answered by completing {@code answer}. */
    record Call(ProviderCall call, CompletableFuture<AttemptOutcome> answer) {
      void ok() {
        answer.complete(GatedClient.ok("answer"));
      }
    }

    @Override
    public AttemptOutcome send(ProviderCall call) {
      Call c = new Call(call, new CompletableFuture<>());
      Cancellation.Registration hook =
          call.cancellation().onCancel(() -> c.answer.complete(cancelled()));
      try {
        calls.add(c);
        return c.answer.join();
      } finally {
        hook.close();
      }
    }

    /** The next call to arrive (bounded by the test's timeout). */
    Call next() throws InterruptedException {
      return calls.take();
    }

    static AttemptOutcome ok(String content) {
      return new AttemptOutcome.Succeeded(
          new ChatResponse(content, List.of(), "stop", new Usage(3, 5, 8), "m", null));
    }

    static AttemptOutcome cancelled() {
      return new AttemptOutcome.Failed(
          ProviderFailure.of(
              FailureCategory.CANCELLED,
              false,
              ReachedModel.UNKNOWN,
              TransportFault.CANCELLED,
              "cancelled"),
          false);
    }
  }

  private final GatedClient client = new GatedClient();

  private TaskOrchestrator orchestrator(LoadLimit limit) {
    return TaskOrchestrator.builder()
        .catalog(CATALOG)
        .providers(ProviderClients.single(client))
        .credentials(Credentials.constant("k"))
        .ticker(time)
        .sleeper(time)
        .loadLimit(limit)
        .policy(
            OrchestratorPolicy.builder()
                .seed(3L)
                .deadline(DEADLINE)
                .attemptTimeout(ATTEMPT)
                .build())
        .listener(
            new OrchestratorListener() {
              @Override
              public void onFailure(OrchestratorException e) {
                failures.add(e);
              }
            })
        .build();
  }

  private LoadLimit one() {
    return LoadLimit.adaptive(1, 1, time, timer); // floor min(1, 16): one place, always
  }

  private static ChatRequest request() {
    return ChatRequest.builder("a/m").user("hello").build();
  }

  /** Runs {@code call} on another thread: its result, or the exception it ended with. */
  private CompletableFuture<Object> async(
      Function<TaskOrchestrator, Object> call, TaskOrchestrator o) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return call.apply(o);
          } catch (RuntimeException e) {
            return e;
          }
        },
        callers);
  }

  private static void awaitWaiting(LoadLimit l, int n) {
    while (l.waiting() < n) {
      Thread.onSpinWait();
    }
  }

  private void awaitTimers(int n) {
    while (timer.pending() < n) {
      Thread.onSpinWait();
    }
  }

  @ParameterizedTest(name = "waited {0} s of a 10 s deadline: its attempt may take {1} s")
  @CsvSource({"3, 4", "7, 3"})
  void aRequestBeyondTheLimitStartsWhenAPlaceIsGivenBackTheWaitCountingAgainstItsDeadlineOnly(
      long waitedS, long attemptS) throws Exception {
    LoadLimit limit = one();
    TaskOrchestrator o = orchestrator(limit);
    CompletableFuture<Object> first = async(x -> x.chat(request()), o);
    GatedClient.Call a = client.next();
    CompletableFuture<Object> second = async(x -> x.chat(request()), o);
    awaitWaiting(limit, 1);
    time.advance(Duration.ofSeconds(waitedS));
    timer.runDue();
    assertThat(client.calls).isEmpty(); // the second waits: nothing sent for it
    a.ok();
    assertThat(first.get(20, TimeUnit.SECONDS)).isInstanceOf(ChatResult.class);
    GatedClient.Call b = client.next();
    // The attempt's clock starts with the attempt; only the deadline's rest caps it.
    assertThat(b.call().limits().total()).isEqualTo(Duration.ofSeconds(attemptS));
    b.ok();
    ChatResult r = (ChatResult) second.get(20, TimeUnit.SECONDS);
    assertThat(r.trace().elapsed()).isGreaterThanOrEqualTo(Duration.ofSeconds(waitedS));
    assertThat(limit.running()).isZero();
    assertThat(limit.waiting()).isZero();
    assertThat(timer.pending()).isZero();
  }

  @Test
  void aRequestWhoseDeadlinePassesWhileItWaitsEndsDeadlineExceededWithoutAnAttempt()
      throws Exception {
    LoadLimit limit = one();
    TaskOrchestrator o = orchestrator(limit);
    CompletableFuture<Object> first = async(x -> x.chat(request()), o);
    GatedClient.Call a = client.next();
    CompletableFuture<Object> second =
        async(x -> x.chat(request(), new Cancellation(), Duration.ofSeconds(2)), o);
    awaitWaiting(limit, 1);
    awaitTimers(1);
    time.advance(Duration.ofMillis(1_999));
    timer.runDue();
    assertThat(second).isNotDone();
    time.advance(Duration.ofMillis(1));
    timer.runDue();
    Object ended = second.get(20, TimeUnit.SECONDS);
    assertThat(ended).isInstanceOf(OrchestratorException.class);
    OrchestratorException e = (OrchestratorException) ended;
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.DEADLINE_EXCEEDED);
    assertThat(e.getMessage())
        .isEqualTo(
            "deadline of 2000 ms exceeded while waiting for a place: this process runs at most 1"
                + " requests at once while it is short of CPU");
    assertThat(e.trace().attempts()).isEmpty();
    assertThat(e.trace().elapsed()).isEqualTo(Duration.ofSeconds(2));
    assertThat(failures).containsExactly(e); // listeners hear it as any other failure
    assertThat(limit.waiting()).isZero();
    assertThat(client.calls).isEmpty();
    a.ok();
    assertThat(first.get(20, TimeUnit.SECONDS)).isInstanceOf(ChatResult.class);
    assertThat(limit.running()).isZero();
  }

  @Test
  void aRequestCancelledWhileItWaitsEndsCancelledWithoutAnAttempt() throws Exception {
    LoadLimit limit = one();
    TaskOrchestrator o = orchestrator(limit);
    CompletableFuture<Object> first = async(x -> x.chat(request()), o);
    GatedClient.Call a = client.next();
    Cancellation cancel = new Cancellation();
    CompletableFuture<Object> second = async(x -> x.chat(request(), cancel), o);
    awaitWaiting(limit, 1);
    cancel.cancel();
    OrchestratorException e = (OrchestratorException) second.get(20, TimeUnit.SECONDS);
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.CANCELLED);
    assertThat(e.trace().attempts()).isEmpty();
    a.ok();
    first.get(20, TimeUnit.SECONDS);
    assertThat(client.calls).isEmpty();
    assertThat(limit.running()).isZero();
    assertThat(limit.waiting()).isZero();
  }

  @Test
  void aRequestInterruptedWhileItWaitsEndsCancelledAndKeepsTheInterrupt() throws Exception {
    LoadLimit limit = one();
    TaskOrchestrator o = orchestrator(limit);
    CompletableFuture<Object> first = async(x -> x.chat(request()), o);
    GatedClient.Call a = client.next();
    CompletableFuture<Thread> thread = new CompletableFuture<>();
    CompletableFuture<Boolean> interrupted = new CompletableFuture<>();
    CompletableFuture<Object> second =
        async(
            x -> {
              thread.complete(Thread.currentThread());
              try {
                return x.chat(request());
              } finally {
                interrupted.complete(Thread.interrupted());
              }
            },
            o);
    awaitWaiting(limit, 1);
    thread.get().interrupt();
    OrchestratorException e = (OrchestratorException) second.get(20, TimeUnit.SECONDS);
    assertThat(e.type()).isEqualTo(OrchestratorException.Type.CANCELLED);
    assertThat(interrupted.get()).isTrue();
    a.ok();
    first.get(20, TimeUnit.SECONDS);
    assertThat(limit.running()).isZero();
    assertThat(limit.waiting()).isZero();
  }

  @Test
  void aStreamHoldsItsPlaceUntilItEndsAndOneItsCallerCancelsGivesItBack() throws Exception {
    LoadLimit limit = one();
    TaskOrchestrator o = orchestrator(limit);
    List<String> seen = new CopyOnWriteArrayList<>();
    Cancellation cancel = new Cancellation();
    CompletableFuture<Object> streaming = async(x -> x.stream(request(), seen::add, cancel), o);
    GatedClient.Call a = client.next();
    a.call().listener().onContent("hel"); // visible output: the stream is under way
    CompletableFuture<Object> second = async(x -> x.chat(request()), o);
    awaitWaiting(limit, 1);
    assertThat(client.calls).isEmpty();
    cancel.cancel(); // the caller leaves mid-stream
    Object ended = streaming.get(20, TimeUnit.SECONDS);
    assertThat(ended).isInstanceOf(OrchestratorException.class);
    assertThat(seen).containsExactly("hel");
    client.next().ok(); // the place went to the second request
    assertThat(second.get(20, TimeUnit.SECONDS)).isInstanceOf(ChatResult.class);
    assertThat(limit.running()).isZero();
  }

  @Test
  void aClientThatThrowsGivesThePlaceBack() throws Exception {
    LoadLimit limit = one();
    TaskOrchestrator o =
        TaskOrchestrator.builder()
            .catalog(CATALOG)
            .providers(
                ProviderClients.single(
                    call -> {
                      throw new IllegalStateException("a bug in a client");
                    }))
            .credentials(Credentials.constant("k"))
            .ticker(time)
            .sleeper(time)
            .loadLimit(limit)
            .build();
    for (int i = 0; i < 3; i++) {
      Object ended = async(x -> x.chat(request()), o).get(20, TimeUnit.SECONDS);
      // The engine reads a client's exception as the attempt's failure: the request ends.
      assertThat(ended).isInstanceOf(OrchestratorException.class);
      assertThat(limit.running()).isZero();
    }
  }

  @Test
  void anUnknownModelGivesThePlaceBack() throws Exception {
    LoadLimit limit = one();
    TaskOrchestrator o = orchestrator(limit);
    Object ended =
        async(x -> x.chat(ChatRequest.builder("nobody/knows").user("hi").build()), o)
            .get(20, TimeUnit.SECONDS);
    assertThat(ended).isInstanceOf(dev.orchestrator.engine.plan.UnknownModelException.class);
    assertThat(limit.running()).isZero();
  }

  @Test
  void theOrchestratorFeedsTheLimitItsTimeoutsAndItsProbesLateness() {
    ScriptedClient silent = new ScriptedClient(time);
    silent.script("a/m", ScriptedClient.silent(Duration.ofMillis(300)));
    LoadLimit limit = LoadLimit.adaptive(64, 2, time, timer);
    TaskOrchestrator o =
        silent
            .orchestrator()
            .catalog(CATALOG)
            .lateness(Lateness.probing(time, timer))
            .loadLimit(limit)
            .policy(
                OrchestratorPolicy.builder()
                    .seed(3L)
                    .deadline(DEADLINE)
                    .attemptTimeout(Duration.ofMillis(300))
                    .build())
            .build();
    for (int i = 0; i < LoadLimit.WINDOW; i++) {
      assertThat(limit.limit()).isEqualTo(64);
      // Each attempt times out after 300 ms of fake time; the probe's timer, due 20 ms after the
      // attempt began, runs once it has ended: 280 ms late.
      assertThat(ScriptedClient.failure(o, request()).trace().attempts())
          .allMatch(a -> a.category() == FailureCategory.TIMEOUT);
      timer.runDue();
    }
    assertThat(limit.limit()).isEqualTo(16); // max(16, 8 x 2 cores); nothing was running
  }

  @Test
  void theDefaultLimitIsOnAndUnboundedAndOffIsOff() {
    TaskOrchestrator byDefault = new ScriptedClient(time).orchestrator().catalog(CATALOG).build();
    assertThat(byDefault.loadLimit().isOn()).isTrue();
    assertThat(byDefault.loadLimit().limit()).isEqualTo(LoadLimit.UNBOUNDED);
    TaskOrchestrator off =
        new ScriptedClient(time).orchestrator().catalog(CATALOG).loadLimit(LoadLimit.off()).build();
    assertThat(off.loadLimit().isOn()).isFalse();
    assertThat(off.chat(request()).route()).isEqualTo("a/m");
  }
}
