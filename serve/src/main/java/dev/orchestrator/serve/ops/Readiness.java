package dev.orchestrator.serve.ops;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.KeyBook;
import dev.orchestrator.engine.health.RouteCondition;
import dev.orchestrator.engine.health.StoreStatus;
import dev.orchestrator.serve.LiveCatalog;
import dev.orchestrator.serve.ReadinessCheck;
import dev.orchestrator.serve.http.Json;
import dev.orchestrator.serve.http.Responses;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code GET /readyz} (docs/reference.md §5): ready only while every check holds — some candidate
 * of {@code orchestrator/free} or {@code orchestrator/auto} has credentials ({@code credentials}),
 * the catalog has routes ({@code catalog}) and is not older than {@code --max-catalog-age-s}
 * ({@code catalog_age}), the server is not shutting down ({@code draining}), a shared health store
 * is not degraded ({@code health_store}; skipped with {@code --readyz-ignores-health-store}, ADR
 * 0021), and every added {@link ReadinessCheck} holds. The body lists each failing check with its
 * reason, plus the catalog (sources and their age) and route health with the store's status. Route
 * health itself (open breakers, cooldowns) never makes a server unready: it is what failover is
 * for. Thread-safe.
 */
public final class Readiness {
  private final TaskOrchestrator orchestrator;
  private final LiveCatalog catalog;
  private final Duration maxAge;
  private final List<ReadinessCheck> checks;
  private volatile CredentialReport credentials;

  /**
   * The checks for {@code orchestrator}: the built-in ones (without {@code health_store} when
   * {@code ignoreHealthStore}), then {@code extra}.
   */
  public Readiness(
      TaskOrchestrator orchestrator,
      LiveCatalog catalog,
      Duration maxAge,
      boolean ignoreHealthStore,
      java.util.function.BooleanSupplier draining,
      List<ReadinessCheck> extra) {
    this.orchestrator = orchestrator;
    this.catalog = catalog;
    this.maxAge = maxAge;
    List<ReadinessCheck> all = new ArrayList<>();
    all.add(ReadinessCheck.of("credentials", () -> credentials().problem()));
    all.add(
        ReadinessCheck.of(
            "catalog",
            () ->
                orchestrator.catalog().routes().isEmpty()
                    ? Optional.of("the catalog has no routes")
                    : Optional.empty()));
    all.add(ReadinessCheck.of("catalog_age", this::ageProblem));
    all.add(
        ReadinessCheck.of(
            "draining",
            () ->
                draining.getAsBoolean()
                    ? Optional.of("the server is shutting down")
                    : Optional.empty()));
    if (!ignoreHealthStore) {
      all.add(ReadinessCheck.of("health_store", this::storeProblem));
    }
    all.addAll(extra);
    this.checks = List.copyOf(all);
  }

  /** The credential report for the catalog in force (recomputed when the catalog changes). */
  public CredentialReport credentials() {
    Catalog c = orchestrator.catalog();
    CredentialReport r = credentials;
    if (r == null || r.catalog() != c) {
      r = CredentialReport.of(orchestrator);
      credentials = r;
    }
    return r;
  }

  private Optional<String> ageProblem() {
    if (maxAge == null) {
      return Optional.empty();
    }
    long age = catalog.age().getSeconds();
    return age > maxAge.getSeconds()
        ? Optional.of(
            "the catalog is " + age + " s old (expected: at most " + maxAge.getSeconds() + " s)")
        : Optional.empty();
  }

  private Optional<String> storeProblem() {
    StoreStatus s = orchestrator.health().status();
    if (!s.degraded()) {
      return Optional.empty();
    }
    String detail = s.detail().startsWith("degraded") ? s.detail() : "degraded: " + s.detail();
    return Optional.of(
        "the health store is " + detail + " (requests are served on local health and spend)");
  }

  /** Evaluates every check: the status code and the body. */
  public Answer evaluate(int inFlight) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    ArrayNode failing = Json.MAPPER.createArrayNode();
    for (ReadinessCheck c : checks) {
      Optional<String> problem;
      try {
        problem = c.problem();
      } catch (RuntimeException e) {
        problem = Optional.of("check failed: " + e.getClass().getSimpleName());
      }
      problem.ifPresent(p -> failing.addObject().put("check", c.name()).put("reason", p));
    }
    boolean ready = failing.isEmpty();
    root.put("status", ready ? "ready" : "not_ready");
    root.set("failing", failing);
    Catalog cat = orchestrator.catalog();
    ObjectNode c = root.putObject("catalog");
    c.put("routes", cat.routes().size());
    ArrayNode sources = c.putArray("sources");
    cat.sources().forEach(sources::add);
    c.put("ageSeconds", catalog.age().getSeconds());
    if (maxAge == null) {
      c.putNull("maxAgeSeconds");
    } else {
      c.put("maxAgeSeconds", maxAge.getSeconds());
    }
    ArrayNode live = c.putArray("live");
    for (String s : catalog.sources()) {
      ObjectNode n = live.addObject();
      n.put("source", s);
      catalog
          .fetchedAt(s)
          .ifPresentOrElse(t -> n.put("fetchedAt", t.toString()), () -> n.putNull("fetchedAt"));
    }
    c.put("fresh", ageProblem().isEmpty());
    c.put("refreshFailures", catalog.failures());
    CredentialReport cr = credentials();
    ObjectNode cj = root.putObject("credentials");
    cj.put("freeCandidates", cr.freeCandidates());
    cj.put("autoCandidates", cr.autoCandidates());
    ArrayNode missing = cj.putArray("missingVariables");
    cr.missingVariables().forEach(missing::add);
    ObjectNode keys = cj.putObject("keys");
    for (Provider p : cat.providers().values()) {
      if (p.keys().isEmpty()) {
        continue;
      }
      int set = 0;
      int available = 0;
      for (KeyBook.KeyStatus k : orchestrator.keys().status(p)) {
        set += k.set() ? 1 : 0;
        available += k.set() && k.out() == null ? 1 : 0;
      }
      keys.putObject(p.id())
          .put("keys", p.keys().size())
          .put("set", set)
          .put("available", available);
    }
    int open = 0;
    int cooling = 0;
    int account = 0;
    for (Map.Entry<String, HealthMark> e : orchestrator.health().marks().entrySet()) {
      HealthMark m = e.getValue();
      if (KeyBook.isKeyId(e.getKey())) {
        continue; // a key's own cool-down: counted under credentials.keys
      }
      if (m.condition() == RouteCondition.CIRCUIT_OPEN) {
        open++;
      } else if (m.condition() == RouteCondition.COOLING_DOWN) {
        cooling++;
      } else if (m.condition() == RouteCondition.ACCOUNT_STATE) {
        account++;
      }
    }
    ObjectNode h = root.putObject("health");
    h.put("circuitOpen", open);
    h.put("coolingDown", cooling);
    h.put("accountState", account);
    // Shown whether or not it is a check (--readyz-ignores-health-store).
    StoreStatus store = orchestrator.health().status();
    h.putObject("store").put("degraded", store.degraded()).put("detail", store.detail());
    root.put("inFlight", inFlight);
    return new Answer(ready ? 200 : 503, Responses.bytes(root));
  }

  /** A status and a JSON body. */
  public record Answer(int status, byte[] body) {}
}
