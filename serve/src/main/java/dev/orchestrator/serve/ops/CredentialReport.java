package dev.orchestrator.serve.ops;

import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import dev.orchestrator.engine.plan.Plan;
import dev.orchestrator.engine.plan.RoutePlanner;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Whether {@code orchestrator/free} and {@code orchestrator/auto} have any candidate with
 * credentials, and which key variables would give them one. A route whose breaker is open or that
 * is cooling down still counts (it has credentials; health is not readiness). Computed once per
 * catalog, since credentials come from the environment. Immutable and thread-safe.
 *
 * @param catalog the catalog this report is about
 * @param freeCandidates credentialed candidates of {@code orchestrator/free}
 * @param autoCandidates credentialed candidates of {@code orchestrator/auto}
 * @param missingVariables key variables of the providers whose routes were excluded for lack of
 *     credentials, sorted
 */
public record CredentialReport(
    Catalog catalog, int freeCandidates, int autoCandidates, List<String> missingVariables) {

  /** Plans both virtual models against {@code orchestrator}'s current catalog. */
  static CredentialReport of(TaskOrchestrator orchestrator) {
    Catalog catalog = orchestrator.catalog();
    Set<String> missing = new TreeSet<>();
    int free = credentialed(orchestrator, RoutePlanner.FREE, catalog, missing);
    int auto = credentialed(orchestrator, RoutePlanner.AUTO, catalog, missing);
    return new CredentialReport(catalog, free, auto, List.copyOf(missing));
  }

  private static int credentialed(
      TaskOrchestrator o, String model, Catalog catalog, Set<String> missing) {
    Plan plan = o.plan(ChatRequest.builder(model).user("readiness").build());
    int n = plan.candidates().size();
    for (Exclusion e : plan.excluded()) {
      if (e.reason() == ExclusionReason.CIRCUIT_OPEN
          || e.reason() == ExclusionReason.COOLING_DOWN
          || e.reason() == ExclusionReason.ACCOUNT_STATE) {
        n++;
      } else if (e.reason() == ExclusionReason.NO_CREDENTIALS) {
        catalog
            .route(e.route())
            .flatMap(r -> catalog.provider(r.provider()))
            .ifPresent(p -> missing.addAll(p.apiKeyEnv()));
      }
    }
    return n;
  }

  /** Empty when a candidate has credentials, else the problem naming the variables to set. */
  public Optional<String> problem() {
    if (freeCandidates > 0 || autoCandidates > 0) {
      return Optional.empty();
    }
    return Optional.of(
        "no candidate of orchestrator/free or orchestrator/auto has credentials"
            + (missingVariables.isEmpty()
                ? ""
                : " (set one of: " + String.join(", ", missingVariables) + ")"));
  }
}
