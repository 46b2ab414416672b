package dev.orchestrator.benchmarks.routing;

import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorException;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.DeclaredLimits;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.engine.plan.RoutePlanner;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.internal.wire.ToolCallCheck;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;

/**
 * The routing-quality benchmark (docs/benchmarks.md, issue #32): one simulated day of agent
 * sessions ({@link AgentDay}) against ten loopback routes ({@link SimUpstream}) with different
 * speeds, per-key limits, a flaky route and a route whose tool calls are often malformed, served
 * three ways — the learning router ({@code learning: true}), today's static plan, and a
 * LiteLLM-style simple shuffle — on the same seed. Each request starts at its arrival on a
 * simulated clock ({@link SimClock}): latency is the simulated time it spends in the orchestrator
 * (attempts, back-off and waits), so the whole day runs in well under a minute per router and the
 * same seed gives the same table.
 *
 * <pre>
 *   scripts/routing-benchmark.sh [--seed N]
 * </pre>
 */
public final class RoutingBenchmark {
  private RoutingBenchmark() {}

  /** The ten routes: four free (one capped at 50 a day, one flaky), six priced with cache reads. */
  static final List<RouteSpec> ROUTES =
      List.of(
          // free, with the free tiers' published limits: OpenRouter :free (20/min, 50/day),
          // an NVIDIA-style endpoint whose tool calls are often malformed, a flaky one, a
          // Gemini-style one (10/min, 250/day) and a Groq-style one (30/min, Retry-After)
          new RouteSpec("capped", "0", "0", null, 262_144, 400, 100, 20, 50, false, 0, 0),
          new RouteSpec("sloppy", "0", "0", null, 200_000, 400, 120, 40, 100_000, false, 0, 0.6),
          new RouteSpec("flaky", "0", "0", null, 163_840, 500, 80, 30, 1000, false, 0.3, 0),
          new RouteSpec("gemini", "0", "0", null, 140_000, 900, 60, 10, 250, false, 0, 0),
          new RouteSpec("groq", "0", "0", null, 131_072, 250, 250, 30, 14_400, true, 0, 0),
          // priced, with prompt-cache read prices
          new RouteSpec("slow", "0.25", "1", "0.06", 131_072, 2500, 25, 100, 100_000, false, 0, 0),
          new RouteSpec("cheap", "0.3", "1.2", "0.075", 131_072, 600, 70, 60, 100_000, false, 0, 0),
          new RouteSpec("mid", "0.5", "1.5", "0.05", 131_072, 400, 100, 120, 100_000, false, 0, 0),
          new RouteSpec("fast", "1", "4", "0.1", 131_072, 200, 200, 200, 100_000, false, 0, 0),
          new RouteSpec("premium", "3", "15", "0.3", 131_072, 700, 80, 500, 100_000, false, 0, 0));

  static final List<ToolDefinition> TOOLS =
      List.of(
          new ToolDefinition(
              "read_file",
              "Reads a file of the repository.",
              "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"},"
                  + "\"lines\":{\"type\":\"integer\"}},\"required\":[\"path\"]}"),
          new ToolDefinition(
              "run",
              "Runs a shell command.",
              "{\"type\":\"object\",\"properties\":{\"cmd\":{\"type\":\"string\"}},"
                  + "\"required\":[\"cmd\"]}"));

  private static final String[] SYSTEMS = {
    "You are a coding agent. ".repeat(250),
    "You are a code reviewer. ".repeat(240),
    "You are a release assistant. ".repeat(200)
  };

  /**
   * The ways of routing compared: the learning router with the free tiers' published limits
   * declared in its catalog; today's static plan (the catalog order, and a catalog without declared
   * limits, which today's format could not hold); the static plan with the same declared limits, to
   * show what the declarations alone do; a LiteLLM-style simple shuffle.
   */
  enum Router {
    LEARNING("learning router", true),
    STATIC("static plan (today)", false),
    STATIC_DECLARED("static plan, limits declared", true),
    SHUFFLE("simple shuffle", false);

    final String label;
    final boolean declared;

    Router(String label, boolean declared) {
      this.label = label;
      this.declared = declared;
    }
  }

  /** What one router did over the day. */
  record Result(
      Router router,
      int requests,
      int answered,
      long rateLimited,
      long p50Ms,
      long p95Ms,
      int toolCalls,
      int validToolCalls,
      BigDecimal cost,
      int laterSteps,
      int warmSteps,
      Map<String, Integer> calls,
      Map<String, Integer> limited) {}

  /** Runs the day for each router and prints the table. */
  public static void main(String[] args) throws Exception {
    long seed = 42;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--seed") && i + 1 < args.length) {
        seed = Long.parseLong(args[++i]);
      } else {
        System.err.println("usage: RoutingBenchmark [--seed N]");
        System.exit(2);
      }
    }
    List<AgentDay.Session> sessions = AgentDay.sessions(seed);
    System.out.printf(
        Locale.ROOT, "one simulated day, seed %d: %d agent sessions%n%n", seed, sessions.size());
    List<Result> results = new ArrayList<>();
    for (Router r : Router.values()) {
      long t0 = System.nanoTime();
      results.add(run(r, sessions, seed));
      System.err.printf(
          Locale.ROOT, "%s: %d s%n", r.label, (System.nanoTime() - t0) / 1_000_000_000);
    }
    System.out.print(table(results));
  }

  static String table(List<Result> results) {
    StringBuilder b = new StringBuilder();
    b.append(
        "| router | requests | answered | 429s received | p50 latency | p95 latency |"
            + " tool calls valid | cost | turns on a warm cache |\n");
    b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Result r : results) {
      b.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %d (%.2f %%) | %d | %.2f s | %.2f s | %.1f %% | $%.2f | %.1f %% |%n",
              r.router.label,
              r.requests,
              r.answered,
              100.0 * r.answered / r.requests,
              r.rateLimited,
              r.p50Ms / 1000.0,
              r.p95Ms / 1000.0,
              r.toolCalls == 0 ? 100.0 : 100.0 * r.validToolCalls / r.toolCalls,
              r.cost,
              r.laterSteps == 0 ? 0.0 : 100.0 * r.warmSteps / r.laterSteps));
    }
    b.append("\nupstream calls per route:\n");
    for (Result r : results) {
      b.append("  ").append(r.router.label).append(": ").append(r.calls).append('\n');
    }
    b.append("\n429s per route:\n");
    for (Result r : results) {
      b.append("  ").append(r.router.label).append(": ").append(r.limited).append('\n');
    }
    return b.toString();
  }

  /** A session's conversation so far and where it is. */
  private static final class Live {
    final AgentDay.Session s;
    final List<ChatMessage> messages = new ArrayList<>();
    int step;
    int failures;
    boolean reasked;

    Live(AgentDay.Session s) {
      this.s = s;
      messages.add(ChatMessage.system(SYSTEMS[s.agent()]));
      messages.add(
          ChatMessage.user(
              "Session "
                  + s.id()
                  + ": the build of module "
                  + s.id() % 17
                  + " fails. "
                  + "Find the cause and fix it. ".repeat(12)));
    }
  }

  private record Event(long at, long seq, Live live) {}

  static Result run(Router router, List<AgentDay.Session> sessions, long seed) throws Exception {
    SimClock clock = new SimClock();
    try (SimUpstream upstream = new SimUpstream(ROUTES, clock, seed)) {
      Credentials key = Credentials.constant("sk-sim-placeholder");
      TaskOrchestrator o =
          TaskOrchestrator.builder()
              .catalog(catalog(upstream, router.declared))
              .providers(
                  HttpProviderClients.builder()
                      .credentials(key)
                      .ticker(clock)
                      .clock(clock.wall())
                      .build())
              .credentials(key)
              .ticker(clock)
              .sleeper(clock)
              .clock(clock.wall())
              .policy(policy(router, seed))
              .build();
      Random shuffle = new Random(seed);
      PriorityQueue<Event> queue =
          new PriorityQueue<>(
              (a, b) -> a.at != b.at ? Long.compare(a.at, b.at) : Long.compare(a.seq, b.seq));
      long seq = 0;
      for (AgentDay.Session s : sessions) {
        queue.add(new Event(s.startNanos(), seq++, new Live(s)));
      }
      List<Long> latencies = new ArrayList<>();
      int answered = 0;
      int toolCalls = 0;
      int valid = 0;
      int later = 0;
      int warm = 0;
      BigDecimal cost = BigDecimal.ZERO;
      while (!queue.isEmpty()) {
        Event e = queue.poll();
        Live l = e.live;
        clock.start(e.at);
        Random think = new Random(l.s.seed() + l.step * 7919L + l.failures);
        ChatRequest.Builder rb =
            ChatRequest.builder(l.s.freeTier() ? RoutePlanner.FREE : RoutePlanner.AUTO)
                .messages(l.messages)
                .maxTokens(1024)
                .session("session-" + l.s.id());
        TOOLS.forEach(rb::tool);
        if (router == Router.SHUFFLE) {
          List<String> ids = new ArrayList<>();
          ROUTES.stream().filter(r -> !l.s.freeTier() || r.free()).forEach(r -> ids.add(r.id()));
          Collections.shuffle(ids, shuffle);
          rb.models(ids);
        }
        ChatResult result = null;
        try {
          result = o.chat(rb.build());
        } catch (OrchestratorException x) {
          // counted below as unanswered
        }
        long done = e.at + clock.elapsed();
        latencies.add(clock.elapsed() / 1_000_000);
        if (result == null) {
          if (++l.failures <= 2) {
            queue.add(new Event(done + Duration.ofSeconds(20).toNanos(), seq++, l));
          }
          continue;
        }
        answered++;
        if (result.costUsd() != null) {
          cost = cost.add(result.costUsd());
        }
        if (l.step > 0) {
          later++;
          Integer cached = result.response().usage().cachedTokens();
          warm += cached != null && cached > 0 ? 1 : 0;
        }
        List<ToolCall> calls = result.response().toolCalls();
        if (!calls.isEmpty()) {
          toolCalls += calls.size();
          boolean ok = ToolCallCheck.valid(calls, TOOLS);
          valid += ok ? calls.size() : 0;
          if (!ok && !l.reasked) {
            // The agent's tool call would fail: ask the same again, once.
            l.reasked = true;
            queue.add(new Event(done + Duration.ofSeconds(1).toNanos(), seq++, l));
            continue;
          }
          l.messages.add(ChatMessage.assistant("", calls));
          for (ToolCall c : calls) {
            l.messages.add(
                ChatMessage.tool(
                    c.id(), ok ? "file contents ".repeat(80) : "error: invalid arguments"));
          }
        } else {
          l.messages.add(ChatMessage.assistant(result.response().content()));
          l.messages.add(ChatMessage.user("Good. Continue with the next part. ".repeat(8)));
        }
        l.reasked = false;
        l.failures = 0;
        if (++l.step < l.s.steps()) {
          long thinkNanos = Duration.ofSeconds(5 + think.nextInt(56)).toNanos();
          queue.add(new Event(done + thinkNanos, seq++, l));
        }
      }
      long[] sorted = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
      return new Result(
          router,
          latencies.size(),
          answered,
          upstream.rateLimited(),
          percentile(sorted, 0.50),
          percentile(sorted, 0.95),
          toolCalls,
          valid,
          cost,
          later,
          warm,
          upstream.calls(),
          upstream.limited());
    }
  }

  private static long percentile(long[] sorted, double p) {
    if (sorted.length == 0) {
      return 0;
    }
    return sorted[(int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  }

  static OrchestratorPolicy policy(Router router, long seed) {
    OrchestratorPolicy.Builder b =
        OrchestratorPolicy.builder().seed(seed).deadline(Duration.ofSeconds(120));
    switch (router) {
      case LEARNING -> b.learning(true);
      case STATIC, STATIC_DECLARED -> b.learning(false);
      case SHUFFLE -> b.learning(false).sessionTtl(Duration.ZERO);
    }
    return b.build();
  }

  /**
   * The ten routes' catalog; with {@code declared}, each free route whose tier caps the day
   * declares that cap ({@code limits: {requestsPerDay: …}} in a catalog file), as a free-tier user
   * writes it down; per-minute limits are read from the headers.
   */
  static Catalog catalog(SimUpstream upstream, boolean declared) {
    Catalog.Builder c = Catalog.builder();
    for (RouteSpec r : ROUTES) {
      Provider p =
          new Provider(
              r.provider(),
              r.provider(),
              upstream.baseUrl(r.provider()),
              Protocol.OPENAI_CHAT,
              List.of("SIM_" + r.provider().toUpperCase(Locale.ROOT) + "_KEY"),
              Map.of());
      if (declared && r.free() && r.capsTheDay()) {
        p = p.withKeys(List.of(), new DeclaredLimits(r.rpd(), null, LocalTime.MIDNIGHT));
      }
      c.provider(p);
      c.route(
          Route.builder(r.provider(), "m")
              .prices(new BigDecimal(r.inPerMtok()), new BigDecimal(r.outPerMtok()))
              .cacheReadPrice(
                  r.cacheReadPerMtok() == null ? null : new BigDecimal(r.cacheReadPerMtok()))
              .tier(r.free() ? Tier.FREE : Tier.PRICED)
              .contextWindow(r.window())
              .capabilities(Capability.TOOLS)
              .build());
    }
    return c.build();
  }
}
