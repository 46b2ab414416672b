package dev.orchestrator.benchmarks.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.engine.AttemptRecord;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorListener;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.RoutePlanner;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The fault soak (docs/benchmarks.md): {@code --requests} requests for {@code orchestrator/free} at
 * {@code --concurrency} callers against a loopback upstream injecting {@code --fault-rate} faults
 * (5xx, 429 with and without {@code Retry-After}, resets, stalls, cut streams, slow first tokens),
 * half of them streaming, through the in-process orchestrator or through {@code serve}. The catalog
 * has three free and two priced routes; {@code --down-routes n} takes the first {@code n} free
 * routes hard down (every call answered 503), beside the faults of the others. It counts answers:
 * the share of requests answered 200 ({@code ok}, plain and streamed), by outcome, printed as a
 * table and written to the report. At the end it asserts:
 *
 * <ol>
 *   <li>the answered share is at least {@code --min-answered};
 *   <li>every request received a terminal answer (an answer, or a typed error);
 *   <li>no free request reached a priced route (the upstream counts calls per route);
 *   <li>no thread leaked: threads that are not idle pool workers, after the run, are no more than
 *       after the warm-up;
 *   <li>no socket leaked: once the upstream has closed every connection, the system under test
 *       holds no socket toward it;
 *   <li>memory stayed bounded: heap after GC grew by at most {@code --heap-slack-mib};
 *   <li>p99 latency stayed under the configured deadline (plus {@code --deadline-slack-ms}, the
 *       lateness a loaded machine adds to the deadline's own timer; 0 by default);
 *   <li>with some free routes hard down and others up: a down route received at most {@code
 *       --max-probes} calls in any second (the breaker's shortest open time) after the first second
 *       of its failures;
 *   <li>with every free route hard down: upstream calls per request stayed within the bound the
 *       retry budget implies (see {@link #callBound}).
 * </ol>
 *
 * Exits 0 when every assertion holds, 1 otherwise. Loopback only; every wait is bounded.
 *
 * <pre>
 * java -Xmx256m -cp benchmarks/target/benchmarks.jar dev.orchestrator.benchmarks.load.FaultSoak \
 *   [--requests 5000] [--concurrency 200] [--fault-rate 0.30] [--seed 42] [--stream-share 0.5]
 *   [--deadline-ms 2000] [--deadline-slack-ms 0] [--attempt-timeout-ms 600]
 *   [--first-token-timeout-ms 300]
 *   [--min-answered 0.95] [--free-routes 1..4 (3)] [--down-routes 0..free-routes]
 *   [--faults all|pre-output|SERVER_ERROR,RESET,...] [--max-probes 3] [--warmup-requests 5000]
 *   [--warmup-concurrency (the soak's)]
 *   [--target in-process|serve] [--serve-jar cli/target/orchestrator.jar]
 *   [--serve-java-opts "-Xmx256m"] [--serve-args "--threads 64"] [--out benchmarks/target/soak]
 * </pre>
 *
 * The defaults are the standard shape: 3 free routes, 2 s deadline, 600 ms attempt limit, 300 ms
 * first-token limit, half streamed, 5,000 requests at 200 callers.
 */
public final class FaultSoak {
  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  /** The free routes' providers, of which the first {@code --free-routes} (default 3) are used. */
  static final List<String> ALL_FREE = List.of("free-a", "free-b", "free-c", "free-d");

  static final List<String> FREE = ALL_FREE.subList(0, 3);
  static final List<String> PAID = List.of("paid-a", "paid-b");

  /** The policy defaults both targets run with: the retry budget {@link #callBound} reads. */
  static final OrchestratorPolicy BUDGET = OrchestratorPolicy.builder().build();

  private static final long SECOND = 1_000_000_000L;

  private FaultSoak() {}

  /** Runs the soak; see the class comment. */
  public static void main(String[] args) throws Exception {
    Options o;
    try {
      o = Options.parse(args);
    } catch (IllegalArgumentException e) { // a bad option: its message, not a stack trace
      System.err.println("error: " + e.getMessage());
      System.exit(2);
      return;
    }
    Map<String, Object> report = run(o);
    Files.createDirectories(o.out);
    Path file = o.out.resolve("soak-" + o.target + ".json");
    JSON.writeValue(file.toFile(), report);
    System.out.println("results: " + file);
    System.exit(Boolean.TRUE.equals(report.get("passed")) ? 0 : 1);
  }

  /** Runs the soak and returns its report ({@code passed} says whether every assertion held). */
  public static Map<String, Object> run(Options o) throws Exception {
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("started", Instant.now().toString());
    report.put("machine", Machine.describe());
    report.put("options", o.describe());
    System.out.println("soak: " + o.describe());

    List<String> free = o.free();
    FaultMix mix = new FaultMix(o.faultRate, o.seed, o.faults);
    mix.hardDown(Set.copyOf(free.subList(0, o.downRoutes)), LoopbackUpstream.Action.UNAVAILABLE);
    mix.enabled(false);
    LoopbackUpstream upstream = LoopbackUpstream.start(mix, o.slowFirstTokenMs, 0);
    Subject subject;
    Caller caller;
    Gateway gateway = null;
    Path catalogFile = o.out.resolve("soak-catalog.json");
    Files.createDirectories(o.out);
    Files.writeString(catalogFile, catalog(upstream, free));
    if (o.target.equals("serve")) {
      // The same policy as the in-process run: serve's defaults (300 s deadline) would let a
      // stalled stream outlive the callers' patience.
      List<String> policy =
          new ArrayList<>(
              List.of(
                  "--deadline-ms", Long.toString(o.deadlineMs),
                  "--attempt-timeout-ms", Long.toString(o.attemptTimeoutMs),
                  "--first-token-timeout-ms", Long.toString(o.firstTokenTimeoutMs),
                  "--stream-idle-timeout-ms", Long.toString(o.firstTokenTimeoutMs)));
      policy.addAll(o.serveArgs);
      Optional<Gateway> g =
          Gateway.startServe(o.serveJar, catalogFile, o.serveJavaOpts, policy, o.out);
      if (g.isEmpty()) {
        upstream.close();
        report.put("skipped", "serve is not available (see the output above)");
        report.put("passed", false);
        System.out.println("soak: SKIPPED: serve is not available");
        return report;
      }
      gateway = g.get();
      subject = Subject.process(gateway.pid(), upstream.port());
      caller = new ServeCaller(URI.create(gateway.baseUrl() + "/v1/chat/completions"), o);
    } else {
      subject = Subject.self(upstream.port());
      caller = new InProcessCaller(catalogFile, o);
    }

    try {
      // Warm-up: no faults, at the soak's concurrency (or --warmup-concurrency), so pools reach
      // their working size and the JIT has compiled the request path (a fresh JVM at 200 callers on
      // 2 cores answers half of its first 1,000 requests late: the cold share is the report's
      // "warmup").
      // their working size.
      Phase warm =
          phase(
              caller,
              o.warmupRequests,
              o.warmupConcurrency > 0 ? o.warmupConcurrency : o.concurrency,
              o);
      Answers warmAnswers = warm.answers(o.warmupRequests);
      Map<String, Long> warmHealth = caller.health();
      report.put("warmup", warmAnswers.describe());
      report.put("warmupHealth", warmHealth);
      System.out.print("warm-up (no faults):\n" + warmAnswers.table());
      // The cold share's latency too: a limit that queues trades answers for waiting.
      Latencies warmLat = Latencies.merge(warm.latencies.values());
      Map<String, Object> warmLatency = new LinkedHashMap<>();
      warmLatency.put("p50Ms", warmLat.quantile(0.5) / 1e6);
      warmLatency.put("p99Ms", warmLat.quantile(0.99) / 1e6);
      warmLatency.put("maxMs", warmLat.max() / 1e6);
      report.put("warmupLatency", warmLatency);
      System.out.printf(
          java.util.Locale.ROOT,
          "warm-up latency: p50 %.1f ms, p99 %.1f ms, max %.1f ms%n",
          warmLat.quantile(0.5) / 1e6,
          warmLat.quantile(0.99) / 1e6,
          warmLat.max() / 1e6);
      System.out.println("route health heard: " + warmHealth);
      Subject.Snapshot before = subject.snapshot();
      System.out.println("before: " + before);

      mix.enabled(true);
      int connectionsBefore = upstream.acceptedConnections();
      HeapSampler sampler = new HeapSampler(subject);
      sampler.start();
      long t0 = System.nanoTime();
      Phase soak = phase(caller, o.requests, o.concurrency, o);
      long t1 = System.nanoTime();
      Map<String, Long> soakHealth = caller.health();
      double seconds = (t1 - t0) / 1e9;
      sampler.stop();
      mix.enabled(false);

      Map<String, Long> calls = upstream.callsByRoute();
      int connections = upstream.acceptedConnections() - connectionsBefore;
      Map<LoopbackUpstream.Action, Long> actions = upstream.actionsPlayed();
      // Close every upstream connection: the system under test must let go of all of them.
      upstream.close();
      Subject.Snapshot after = settle(subject, before, o.settleMs);
      System.out.println("after:  " + after);

      Latencies lat = Latencies.merge(soak.latencies.values());
      long paidCalls = 0;
      for (Map.Entry<String, Long> e : calls.entrySet()) {
        for (String p : PAID) {
          if (e.getKey().startsWith(p + "/")) {
            paidCalls += e.getValue();
          }
        }
      }
      double p99Ms = lat.quantile(0.99) / 1e6;
      Answers answers = soak.answers(o.requests);
      Map<String, Object> checks = new LinkedHashMap<>();
      checks.put(
          "answeredShare",
          check(
              answers.meets(o.minAnswered),
              String.format(
                  java.util.Locale.ROOT,
                  "%.2f %% answered (%d/%d); floor %.2f %%",
                  100 * answers.share(),
                  answers.answered(),
                  o.requests,
                  100 * o.minAnswered)));
      checks.put(
          "everyRequestTerminal",
          check(
              soak.terminal.get() == o.requests,
              soak.terminal.get()
                  + "/"
                  + o.requests
                  + " terminal answers; "
                  + soak.nonTerminal.get()
                  + " without one"
                  + (soak.firstNonTerminal == null
                      ? ""
                      : " (first: " + soak.firstNonTerminal + ")")));
      checks.put(
          "freeNeverReachedPriced",
          check(paidCalls == 0, paidCalls + " upstream calls to priced routes " + PAID));
      checks.put(
          "noThreadLeak",
          check(
              after.busyThreads <= before.busyThreads + o.threadSlack,
              "busy threads "
                  + before.busyThreads
                  + " -> "
                  + after.busyThreads
                  + " (all threads "
                  + before.threads
                  + " -> "
                  + after.threads
                  + ", slack "
                  + o.threadSlack
                  + ")"
                  + (after.busyThreads > before.busyThreads
                      ? "; new: " + after.newThreadNames(before)
                      : "")));
      checks.put(
          "noSocketLeak",
          check(
              after.upstreamSockets == 0,
              "sockets toward the upstream after it closed: "
                  + after.upstreamSockets
                  + " (before: "
                  + before.upstreamSockets
                  + "); socket fds "
                  + before.socketFds
                  + " -> "
                  + after.socketFds));
      long heapGrowth = after.heapAfterGc - before.heapAfterGc;
      checks.put(
          "memoryBounded",
          check(
              heapGrowth <= o.heapSlackMib << 20,
              "heap after GC "
                  + mib(before.heapAfterGc)
                  + " -> "
                  + mib(after.heapAfterGc)
                  + " MiB (growth "
                  + mib(heapGrowth)
                  + ", allowed "
                  + o.heapSlackMib
                  + "); peak sampled "
                  + mib(sampler.peak())
                  + " MiB"));
      checks.put(
          "p99UnderDeadline",
          check(
              p99Ms < o.deadlineMs + o.deadlineSlackMs,
              String.format(
                  java.util.Locale.ROOT,
                  "p99 %.1f ms (deadline %d ms, slack %d ms); p50 %.1f ms, p99.9 %.1f ms, max %.1f ms",
                  p99Ms,
                  o.deadlineMs,
                  o.deadlineSlackMs,
                  lat.quantile(0.5) / 1e6,
                  lat.quantile(0.999) / 1e6,
                  lat.max() / 1e6)));
      Map<String, List<Long>> downCalls = mix.downCalls();
      if (o.downRoutes > 0 && o.downRoutes < free.size()) {
        checks.put("downRouteIsolated", isolated(downCalls, t1, o.maxProbes));
      }
      if (o.downRoutes == free.size()) {
        // Every call of the soak phase went to a down route and was recorded there.
        long upstreamCalls = downCalls.values().stream().mapToLong(List::size).sum();
        double bound = callBound(free.size(), BUDGET, o.requests, t1 - t0);
        checks.put(
            "upstreamLoadBounded",
            check(
                upstreamCalls <= bound * o.requests,
                String.format(
                    java.util.Locale.ROOT,
                    "%.3f upstream calls per request (%d calls); bound %.3f (%d routes, retry"
                        + " budget %.2f per request, at least %d per %d s window)",
                    (double) upstreamCalls / o.requests,
                    upstreamCalls,
                    bound,
                    free.size(),
                    BUDGET.retryBudget().ratio(),
                    BUDGET.retryBudget().minRetries(),
                    BUDGET.retryBudget().window().toSeconds())));
      }
      boolean passed = checks.values().stream().allMatch(c -> ((Check) c).passed());
      report.put("seconds", Math.round(seconds * 10) / 10.0);
      report.put("throughput", Math.round(o.requests / seconds));
      report.put("answers", answers.describe());
      report.put("examples", caller.examples());
      report.put("health", soakHealth);
      if (o.downRoutes > 0) {
        Map<String, Object> perSecond = new TreeMap<>();
        downCalls.forEach((r, times) -> perSecond.put(r, perWindow(times, t1, SECOND)));
        report.put("downRouteCallsPerSecond", perSecond);
      }
      report.put("upstreamActions", actions);
      report.put("upstreamCallsByRoute", calls);
      report.put("upstreamConnectionsOpened", connections);
      report.put("before", before.describe());
      report.put("after", after.describe());
      report.put("checks", checks);
      report.put("passed", passed);
      report.put("finished", Instant.now().toString());
      System.out.println();
      System.out.printf(
          java.util.Locale.ROOT,
          "soak (%s): %d requests in %.1f s (%.0f/s)%n%s",
          o.target,
          o.requests,
          seconds,
          o.requests / seconds,
          answers.table());
      caller.examples().forEach((k, v) -> System.out.println("e.g. " + k + ": " + v));
      System.out.println("route health heard: " + soakHealth);
      System.out.println("upstream actions: " + actions);
      System.out.println("upstream calls by route: " + calls);
      System.out.println("upstream connections opened during the soak: " + connections);
      for (Map.Entry<String, Object> e : checks.entrySet()) {
        Check c = (Check) e.getValue();
        System.out.println((c.passed() ? "PASS " : "FAIL ") + e.getKey() + ": " + c.detail());
      }
      System.out.println(passed ? "soak: PASSED" : "soak: FAILED");
      return report;
    } finally {
      upstream.close();
      caller.close();
      if (gateway != null) {
        gateway.close();
      }
    }
  }

  /** One assertion's verdict. */
  record Check(boolean passed, String detail) {}

  private static Check check(boolean ok, String detail) {
    return new Check(ok, detail);
  }

  /**
   * The most upstream calls per request when every one of {@code routes} fails: each request tries
   * each route once, and same-route retries are capped by the process-wide retry budget at {@code
   * max(minRetries, ratio × requests)} per window, so over {@code nanos} they add at most {@code
   * ratio} per request plus {@code minRetries} for each window the run touches.
   */
  static double callBound(int routes, OrchestratorPolicy budget, int requests, long nanos) {
    long windows = nanos / budget.retryBudget().window().toNanos() + 2;
    return routes
        + budget.retryBudget().ratio()
        + (double) budget.retryBudget().minRetries() * windows / requests;
  }

  /**
   * Calls per {@code window} from the first call up to {@code end}: element {@code i} counts the
   * calls that arrived in {@code [first + i·window, first + (i+1)·window)}.
   */
  static List<Long> perWindow(List<Long> times, long end, long window) {
    List<Long> counts = new ArrayList<>();
    if (times.isEmpty()) {
      return counts;
    }
    long first = times.stream().mapToLong(Long::longValue).min().orElseThrow();
    for (long t : times) {
      int i = (int) ((t - first) / window);
      while (counts.size() <= i) {
        counts.add(0L);
      }
      counts.set(i, counts.get(i) + 1);
    }
    while ((long) counts.size() * window < end - first) {
      counts.add(0L);
    }
    return counts;
  }

  /**
   * Whether each hard-down route received at most {@code maxProbes} calls in every second after the
   * first second of its calls (the breaker trips within that first second; its open time is at
   * least a second, so a second holds at most one open period's probes).
   */
  static Check isolated(Map<String, List<Long>> downCalls, long end, int maxProbes) {
    boolean ok = true;
    StringBuilder detail = new StringBuilder();
    for (Map.Entry<String, List<Long>> e : downCalls.entrySet()) {
      List<Long> counts = perWindow(e.getValue(), end, SECOND);
      long worst = counts.stream().skip(1).mapToLong(Long::longValue).max().orElse(0);
      ok &= worst <= maxProbes;
      detail
          .append(detail.length() == 0 ? "" : "; ")
          .append(e.getKey())
          .append(": ")
          .append(e.getValue().size())
          .append(" calls, per second ")
          .append(counts)
          .append(", most after the first second ")
          .append(worst);
    }
    return check(ok, detail.append(" (allowed ").append(maxProbes).append(')').toString());
  }

  private static long mib(long bytes) {
    return bytes >> 20;
  }

  /** Waits until the snapshot is back at (or below) the baseline, at most {@code ms}. */
  private static Subject.Snapshot settle(Subject subject, Subject.Snapshot before, long ms)
      throws InterruptedException {
    long deadline = System.nanoTime() + ms * 1_000_000L;
    Subject.Snapshot s = subject.snapshot();
    while (System.nanoTime() < deadline
        && (s.upstreamSockets > 0 || s.busyThreads > before.busyThreads)) {
      Thread.sleep(250);
      s = subject.snapshot();
    }
    return s;
  }

  /** The catalog: three free and two priced routes of one model, all at the upstream. */
  static String catalog(LoopbackUpstream upstream) {
    return catalog(upstream, FREE);
  }

  /** The soak's catalog with {@code free} as its free routes' providers. */
  static String catalog(LoopbackUpstream upstream, List<String> free) {
    StringBuilder sb = new StringBuilder("{\"version\":1,\"providers\":{");
    List<String> all = new ArrayList<>(free);
    all.addAll(PAID);
    for (int i = 0; i < all.size(); i++) {
      sb.append(i == 0 ? "" : ",")
          .append('"')
          .append(all.get(i))
          .append("\":{\"baseUrl\":\"")
          .append(upstream.baseUrl(all.get(i)))
          .append("\",\"apiKeyEnv\":[\"BENCH_API_KEY\"]}");
    }
    sb.append("},\"routes\":{");
    for (int i = 0; i < all.size(); i++) {
      boolean isFree = free.contains(all.get(i));
      sb.append(i == 0 ? "" : ",")
          .append('"')
          .append(all.get(i))
          .append("/soak-model\":")
          .append(
              isFree
                  ? "{\"tier\":\"free\",\"inputPerMtok\":0,\"outputPerMtok\":0"
                  : "{\"tier\":\"priced\",\"inputPerMtok\":0.1,\"outputPerMtok\":0.4")
          .append(",\"contextWindow\":128000}");
    }
    return sb.append("}}").toString();
  }

  // ---- the load

  /** Sends one request and classifies what came back. Thread-safe. */
  interface Caller extends AutoCloseable {
    /**
     * Sends request number {@code i}; returns its outcome name ({@code ok} or an error type).
     *
     * @throws NonTerminal when no terminal answer came back
     */
    String call(int i, boolean stream) throws NonTerminal;

    /** The first error message seen for each outcome, to explain the table. */
    Map<String, String> examples();

    /**
     * What route health heard since the last call (in process only; empty through {@code serve}):
     * time limits counted against their routes and those judged this process's own lateness (ADR
     * 0056), requests planned with a breaker open, requests in panic mode.
     */
    default Map<String, Long> health() {
      return Map.of();
    }

    @Override
    default void close() {}
  }

  /** A request without a terminal answer. */
  static final class NonTerminal extends Exception {
    private static final long serialVersionUID = 1L;

    NonTerminal(String message, Throwable cause) {
      super(message, cause);
    }
  }

  static final class InProcessCaller implements Caller {
    private final TaskOrchestrator orchestrator;
    private final Map<String, String> examples = new ConcurrentHashMap<>();
    private final LongAdder timeouts = new LongAdder();
    private final LongAdder localTimeouts = new LongAdder();
    private final LongAdder plannedWithOpenBreaker = new LongAdder();
    private final LongAdder panic = new LongAdder();
    // The load limit's lowest value since the last report (ADR 0058), read at each probe sample.
    private final AtomicInteger lowestLimit = new AtomicInteger(Integer.MAX_VALUE);

    @Override
    public Map<String, String> examples() {
      return new TreeMap<>(examples);
    }

    @Override
    public Map<String, Long> health() {
      Map<String, Long> m = new LinkedHashMap<>();
      m.put("timeoutsCounted", timeouts.sumThenReset());
      m.put("timeoutsJudgedLocal", localTimeouts.sumThenReset());
      m.put("plannedWithBreakerOpen", plannedWithOpenBreaker.sumThenReset());
      m.put("panicRequests", panic.sumThenReset());
      int lowest = lowestLimit.getAndSet(Integer.MAX_VALUE);
      m.put("loadLimitLowest", lowest == Integer.MAX_VALUE ? -1L : lowest);
      m.put("loadLimitNow", (long) orchestrator.loadLimit().limit());
      return m;
    }

    InProcessCaller(Path catalogFile, Options o) {
      Credentials key = Credentials.constant("sk-soak-placeholder");
      OrchestratorPolicy policy =
          OrchestratorPolicy.builder()
              .deadline(Duration.ofMillis(o.deadlineMs))
              .attemptTimeout(Duration.ofMillis(o.attemptTimeoutMs))
              .firstTokenTimeout(Duration.ofMillis(o.firstTokenTimeoutMs))
              .streamIdleTimeout(Duration.ofMillis(o.firstTokenTimeoutMs))
              .connectTimeout(Duration.ofMillis(250))
              .backoff(Duration.ofMillis(25), Duration.ofMillis(250))
              .sameRouteRetries(1)
              .seed(o.seed)
              .build();
      this.orchestrator =
          TaskOrchestrator.builder()
              .catalog(CatalogLoader.load(List.of(catalogFile)))
              .providers(HttpProviderClients.builder().credentials(key).build())
              .credentials(key)
              .policy(policy)
              .listener(
                  new OrchestratorListener() {
                    @Override
                    public void onPlan(Plan plan) {
                      if (plan.excluded().stream()
                          .anyMatch(x -> x.reason() == ExclusionReason.CIRCUIT_OPEN)) {
                        plannedWithOpenBreaker.increment();
                      }
                    }

                    @Override
                    public void onAttempt(String model, AttemptRecord a) {
                      if (a.localTimeout()) {
                        localTimeouts.increment();
                      } else if (a.category() == FailureCategory.TIMEOUT) {
                        timeouts.increment();
                      }
                    }
                  })
              .build();
      orchestrator
          .lateness()
          .onSample(
              late -> lowestLimit.accumulateAndGet(orchestrator.loadLimit().limit(), Math::min));
    }

    @Override
    public String call(int i, boolean stream) throws NonTerminal {
      ChatRequest r =
          ChatRequest.builder(RoutePlanner.FREE).user("soak request " + i).maxTokens(64).stream(
                  stream)
              .build();
      try {
        ChatResult result = stream ? orchestrator.stream(r, d -> {}) : orchestrator.chat(r);
        if (result.trace().panic()) {
          panic.increment();
        }
        if (!ALL_FREE.contains(result.route().substring(0, result.route().indexOf('/')))) {
          return "answered-by-priced-route";
        }
        return "ok";
      } catch (OrchestratorException e) {
        if (e.trace() != null && e.trace().panic()) {
          panic.increment();
        }
        examples.putIfAbsent(e.type().wireName(), String.valueOf(e.getMessage()));
        return e.type().wireName();
      } catch (RuntimeException e) {
        throw new NonTerminal("unexpected " + e, e);
      }
    }
  }

  static final class ServeCaller implements Caller {
    private final HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    private final URI uri;
    private final Duration timeout;
    private final Map<String, String> examples = new ConcurrentHashMap<>();

    @Override
    public Map<String, String> examples() {
      return new TreeMap<>(examples);
    }

    ServeCaller(URI uri, Options o) {
      this.uri = uri;
      this.timeout = Duration.ofMillis(o.deadlineMs + 10_000);
    }

    @Override
    public String call(int i, boolean stream) throws NonTerminal {
      String body =
          "{\"model\":\"orchestrator/free\",\"messages\":[{\"role\":\"user\",\"content\":"
              + "\"soak request "
              + i
              + "\"}],\"max_tokens\":64"
              + (stream ? ",\"stream\":true" : "")
              + "}";
      HttpRequest req =
          HttpRequest.newBuilder(uri)
              .timeout(timeout)
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(body))
              .build();
      try {
        HttpResponse<InputStream> r = http.send(req, HttpResponse.BodyHandlers.ofInputStream());
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        try (InputStream in = r.body()) {
          in.transferTo(read);
        } catch (IOException e) {
          // A stream cut after visible output ends with one error event, then serve breaks the
          // body off (no terminating chunk, no [DONE]: docs/reference.md §5), so that every client
          // sees an error: that is a terminal answer; a body cut without that event is not.
          String partial = read.toString(StandardCharsets.UTF_8);
          if (stream && r.statusCode() == 200 && endsWithStreamError(partial)) {
            return "stream_error_event";
          }
          // java.net.http's body stream, once the body failed, throws "closed" before handing
          // over buffers it already holds, so an error frame that arrived with the connection's
          // close can be lost here (2 in 10,000 streams): after visible output that is still the
          // error the contract promises the client; with no event at all it is no answer.
          if (stream && r.statusCode() == 200 && partial.startsWith("data: ")) {
            return "stream_cut_after_output";
          }
          throw new NonTerminal("no answer: body cut: " + e + " after: " + tail(partial), e);
        }
        String text = read.toString(StandardCharsets.UTF_8);
        String route = r.headers().firstValue("x-orchestrator-route").orElse("");
        if (!route.isEmpty()
            && PAID.contains(route.substring(0, Math.max(0, route.indexOf('/'))))) {
          return "answered-by-priced-route";
        }
        if (r.statusCode() == 200 && !stream) {
          if (text.contains("\"choices\"")) {
            return "ok";
          }
          throw new NonTerminal("200 without choices: " + head(text), null);
        }
        if (r.statusCode() == 200) {
          if (!text.contains("data: [DONE]")) {
            throw new NonTerminal("stream ended without [DONE]: " + tail(text), null);
          }
          return text.contains("\"error\"") ? "stream_error_event" : "ok";
        }
        if (text.contains("\"error\"")) {
          String outcome = errorCode(text).orElse("http_" + r.statusCode());
          examples.putIfAbsent(outcome, head(text));
          return outcome;
        }
        throw new NonTerminal("HTTP " + r.statusCode() + " without an error body", null);
      } catch (IOException e) {
        throw new NonTerminal("no answer: " + e, e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new NonTerminal("interrupted", e);
      }
    }

    // Whether the last event of a partial SSE body is serve's "event: error" frame with code
    // stream_interrupted.
    static boolean endsWithStreamError(String partial) {
      int at = partial.lastIndexOf("event: error\n");
      return at >= 0
          && partial.indexOf("\"stream_interrupted\"", at) > 0
          && partial.indexOf("\n\n", at) == partial.length() - 2;
    }

    // The error's "code": for an error serve synthesizes, the engine's error type (ErrorMapper),
    // the same name the in-process caller reports.
    static Optional<String> errorCode(String body) {
      try {
        String v = JSON.readTree(body).path("error").path("code").asText("");
        return v.isEmpty() ? Optional.empty() : Optional.of(v);
      } catch (IOException | RuntimeException ex) {
        return Optional.empty();
      }
    }

    private static String head(String s) {
      return s.substring(0, Math.min(200, s.length()));
    }

    private static String tail(String s) {
      return s.substring(Math.max(0, s.length() - 200));
    }
  }

  /** What one phase of requests produced. */
  static final class Phase {
    final AtomicInteger terminal = new AtomicInteger();
    final AtomicInteger nonTerminal = new AtomicInteger();
    final Map<String, LongAdder> plain = new ConcurrentHashMap<>();
    final Map<String, LongAdder> streamed = new ConcurrentHashMap<>();
    final Map<Integer, Latencies> latencies = new ConcurrentHashMap<>();
    volatile String firstNonTerminal;

    void count(boolean stream, String outcome) {
      (stream ? streamed : plain).computeIfAbsent(outcome, k -> new LongAdder()).increment();
    }

    /** The answer count of {@code requests} requests: unfinished ones count as no answer. */
    Answers answers(int requests) {
      Map<String, Long> p = sums(plain);
      Map<String, Long> s = sums(streamed);
      long counted =
          p.values().stream().mapToLong(Long::longValue).sum()
              + s.values().stream().mapToLong(Long::longValue).sum();
      if (counted < requests) {
        p.merge(Answers.NO_ANSWER, requests - counted, Long::sum);
      }
      return new Answers(requests, p, s);
    }

    private static Map<String, Long> sums(Map<String, LongAdder> m) {
      Map<String, Long> out = new TreeMap<>();
      m.forEach((k, v) -> out.put(k, v.sum()));
      return out;
    }
  }

  private static Phase phase(Caller caller, int requests, int concurrency, Options o)
      throws InterruptedException {
    Phase p = new Phase();
    AtomicInteger next = new AtomicInteger();
    AtomicLong streamed = new AtomicLong();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < concurrency; t++) {
      Latencies lat = new Latencies();
      p.latencies.put(t, lat);
      Thread th =
          new Thread(
              () -> {
                int i;
                while ((i = next.getAndIncrement()) < requests) {
                  boolean stream = Math.floorMod(i * 2654435761L, 1000) < o.streamShare * 1000;
                  if (stream) {
                    streamed.incrementAndGet();
                  }
                  long t0 = System.nanoTime();
                  try {
                    String outcome = caller.call(i, stream);
                    lat.add(System.nanoTime() - t0);
                    p.terminal.incrementAndGet();
                    p.count(stream, outcome);
                  } catch (NonTerminal e) {
                    lat.add(System.nanoTime() - t0);
                    p.nonTerminal.incrementAndGet();
                    p.count(stream, Answers.NO_ANSWER);
                    if (p.firstNonTerminal == null) {
                      p.firstNonTerminal = e.getMessage();
                    }
                  }
                }
              },
              "soak-caller-" + t);
      th.setDaemon(true);
      threads.add(th);
      th.start();
    }
    // Bounded: every request ends within its deadline, so the whole phase has a hard ceiling.
    long ceiling =
        System.nanoTime()
            + TimeUnit.MILLISECONDS.toNanos(
                60_000 + (long) Math.ceil((double) requests / concurrency) * (o.deadlineMs + 1000));
    for (Thread th : threads) {
      long left = TimeUnit.NANOSECONDS.toMillis(ceiling - System.nanoTime());
      if (left > 0) {
        th.join(left);
      }
    }
    int stuck = 0;
    for (Thread th : threads) {
      if (th.isAlive()) {
        stuck++;
      }
    }
    if (stuck > 0) {
      System.out.println("soak: " + stuck + " caller threads still waiting at the ceiling");
      p.firstNonTerminal =
          p.firstNonTerminal == null ? stuck + " callers never returned" : p.firstNonTerminal;
    }
    return p;
  }

  // ---- options

  /** Soak options; see the class comment. */
  public static final class Options {
    int requests = 5_000;
    int concurrency = 200;
    int warmupRequests = 5_000;
    int warmupConcurrency = 0;
    double faultRate = 0.30;
    long seed = 42;
    double streamShare = 0.5;
    long deadlineMs = 2_000;
    long deadlineSlackMs = 0;
    long attemptTimeoutMs = 600;
    long firstTokenTimeoutMs = 300;
    long slowFirstTokenMs = 500;
    long settleMs = 10_000;
    int threadSlack = 2;
    long heapSlackMib = 32;
    double minAnswered = 0;
    int downRoutes = 0;
    int freeRoutes = 3;
    List<LoopbackUpstream.Action> faults = FaultMix.FAULTS;
    int maxProbes = 3;
    String target = "in-process";
    Path serveJar = Path.of("cli/target/orchestrator.jar");
    List<String> serveJavaOpts = List.of();
    List<String> serveArgs = List.of();
    Path out = Path.of("benchmarks/target/soak");

    /** Parses {@code --name value} pairs. */
    public static Options parse(String... args) {
      Options o = new Options();
      Args.each(
          args,
          Set.of(),
          (a, v) -> {
            switch (a) {
              case "--requests" -> o.requests = (int) Args.bounded(a, v, 1, 1_000_000);
              case "--concurrency" -> o.concurrency = (int) Args.bounded(a, v, 1, 2_000);
              case "--warmup-concurrency" ->
                  o.warmupConcurrency = (int) Args.bounded(a, v, 1, 2_000);
              case "--warmup-requests" -> o.warmupRequests = (int) Args.bounded(a, v, 0, 1_000_000);
              case "--fault-rate" -> o.faultRate = Args.fraction(a, v);
              case "--seed" -> o.seed = Long.parseLong(v);
              case "--stream-share" -> o.streamShare = Args.fraction(a, v);
              case "--deadline-ms" -> o.deadlineMs = Args.bounded(a, v, 100, 600_000);
              case "--deadline-slack-ms" -> o.deadlineSlackMs = Args.bounded(a, v, 0, 60_000);
              case "--attempt-timeout-ms" -> o.attemptTimeoutMs = Args.bounded(a, v, 10, 600_000);
              case "--first-token-timeout-ms" ->
                  o.firstTokenTimeoutMs = Args.bounded(a, v, 10, 600_000);
              case "--slow-first-token-ms" -> o.slowFirstTokenMs = Args.bounded(a, v, 0, 60_000);
              case "--settle-ms" -> o.settleMs = Args.bounded(a, v, 0, 120_000);
              case "--heap-slack-mib" -> o.heapSlackMib = Args.bounded(a, v, 0, 1 << 20);
              case "--min-answered" -> o.minAnswered = Args.fraction(a, v);
              case "--down-routes" -> o.downRoutes = (int) Args.bounded(a, v, 0, ALL_FREE.size());
              case "--free-routes" -> o.freeRoutes = (int) Args.bounded(a, v, 1, ALL_FREE.size());
              case "--faults" -> o.faults = faults(a, v);
              case "--max-probes" -> o.maxProbes = (int) Args.bounded(a, v, 0, 1_000_000);
              case "--target" -> o.target = Args.oneOf(a, v, "in-process", "serve");
              case "--serve-jar" -> o.serveJar = Path.of(v);
              case "--serve-java-opts" -> o.serveJavaOpts = Args.words(v);
              case "--serve-args" -> o.serveArgs = Args.words(v);
              case "--out" -> o.out = Path.of(v);
              default -> throw Args.unknown(a);
            }
          });
      if (o.downRoutes > o.freeRoutes) {
        throw new IllegalArgumentException(
            "--down-routes " + o.downRoutes + " exceeds --free-routes " + o.freeRoutes);
      }
      return o;
    }

    /** The free routes' providers this run uses. */
    List<String> free() {
      return ALL_FREE.subList(0, freeRoutes);
    }

    /**
     * {@code --faults}: {@code all}, {@code pre-output} (all but the cut after visible output,
     * which no failover can answer) or a comma-separated list of {@link FaultMix#FAULTS} names.
     */
    static List<LoopbackUpstream.Action> faults(String a, String v) {
      if (v.equals("all")) {
        return FaultMix.FAULTS;
      }
      if (v.equals("pre-output")) {
        return FaultMix.FAULTS.stream().filter(f -> f != LoopbackUpstream.Action.CUT).toList();
      }
      List<LoopbackUpstream.Action> out = new ArrayList<>();
      for (String name : v.split(",")) {
        LoopbackUpstream.Action f;
        try {
          f = LoopbackUpstream.Action.valueOf(name.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(a + ": unknown fault " + name, e);
        }
        if (!FaultMix.FAULTS.contains(f)) {
          throw new IllegalArgumentException(a + ": unknown fault " + name);
        }
        out.add(f);
      }
      return List.copyOf(out);
    }

    Map<String, Object> describe() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("target", target);
      m.put("requests", requests);
      m.put("concurrency", concurrency);
      m.put("warmupRequests", warmupRequests);
      m.put("warmupConcurrency", warmupConcurrency > 0 ? warmupConcurrency : concurrency);
      m.put("faultRate", faultRate);
      m.put("faults", faults);
      m.put("freeRoutes", freeRoutes);
      m.put("seed", seed);
      m.put("streamShare", streamShare);
      m.put("deadlineMs", deadlineMs);
      m.put("deadlineSlackMs", deadlineSlackMs);
      m.put("attemptTimeoutMs", attemptTimeoutMs);
      m.put("firstTokenTimeoutMs", firstTokenTimeoutMs);
      m.put("slowFirstTokenMs", slowFirstTokenMs);
      m.put("minAnswered", minAnswered);
      m.put("downRoutes", downRoutes);
      m.put("maxProbes", maxProbes);
      return m;
    }
  }
}
