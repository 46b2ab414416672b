package dev.orchestrator.benchmarks;

import dev.orchestrator.engine.catalog.Capability;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.PlanRequest;
import dev.orchestrator.engine.plan.RoutePlanner;
import dev.orchestrator.engine.plan.Strategy;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Planning cost per request: {@code orchestrator/free} and {@code orchestrator/auto} over the full
 * Models.dev snapshot ({@code catalog=models-dev}, read from {@code -Dorchestrator.snapshot=PATH},
 * default: the project's copy, {@link Snapshots}) and over synthetic catalogs of 100 / 1,000 /
 * 5,000 routes. Every measured plan reads its first candidate, as the orchestrator does. The {@link
 * SampledBenchmark} settings, with two-second iterations.
 */
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class PlannerBenchmark extends SampledBenchmark {

  @Param({"models-dev", "100", "1000", "5000"})
  public String catalog;

  private RoutePlanner planner;
  private PlanRequest free;
  private PlanRequest auto;
  private PlanRequest autoTools;

  @Setup
  public void setup() throws Exception {
    Catalog c;
    if (catalog.equals("models-dev")) {
      c = Snapshots.modelsDev();
    } else {
      c = synthetic(Integer.parseInt(catalog));
    }
    planner = RoutePlanner.create(c, Clock.systemUTC());
    free = PlanRequest.builder(RoutePlanner.FREE).promptTokens(2000).maxOutputTokens(1000).build();
    auto = PlanRequest.builder(RoutePlanner.AUTO).promptTokens(2000).maxOutputTokens(1000).build();
    autoTools =
        PlanRequest.builder(RoutePlanner.AUTO)
            .promptTokens(2000)
            .maxOutputTokens(1000)
            .require(Set.of(Capability.TOOLS))
            .maxPricePerMtok(new BigDecimal("20"))
            .strategy(Strategy.QUALITY)
            .build();
  }

  /** A catalog of {@code n} routes over 20 providers: 10% free, mixed windows and capabilities. */
  static Catalog synthetic(int n) {
    Random rnd = new Random(42);
    Catalog.Builder b = Catalog.builder();
    for (int p = 0; p < 20; p++) {
      b.provider(
          Provider.of(
              "p" + p,
              "http://p" + p + ".invalid/v1",
              Protocol.OPENAI_CHAT,
              List.of("P" + p + "_KEY")));
    }
    for (int i = 0; i < n; i++) {
      boolean isFree = rnd.nextInt(10) == 0;
      BigDecimal in = isFree ? BigDecimal.ZERO : BigDecimal.valueOf(rnd.nextInt(3000), 2);
      BigDecimal out = isFree ? BigDecimal.ZERO : in.multiply(BigDecimal.valueOf(3));
      Route.Builder r =
          Route.builder("p" + (i % 20), "model-" + i)
              .prices(in, out)
              .contextWindow(rnd.nextInt(5) == 0 ? null : 4096 << rnd.nextInt(8))
              .chat(rnd.nextInt(20) != 0);
      if (rnd.nextBoolean()) {
        r.capabilities(Capability.TOOLS);
      }
      b.route(r.build());
    }
    return b.build();
  }

  @Benchmark
  public Object planFree() {
    Plan p = planner.plan(free);
    return p.candidates().isEmpty() ? p : p.candidates().get(0);
  }

  @Benchmark
  public Object planAutoCost() {
    Plan p = planner.plan(auto);
    return p.candidates().isEmpty() ? p : p.candidates().get(0);
  }

  @Benchmark
  public Object planAutoQualityWithToolsAndMaxPrice() {
    Plan p = planner.plan(autoTools);
    return p.candidates().isEmpty() ? p : p.candidates().get(0);
  }
}
