package dev.orchestrator.springai;

import dev.orchestrator.engine.plan.UnknownModelException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * Boot's start-up report for the orchestrator's own configuration errors: an unknown {@code
 * orchestrator.model} (with the close matches), a property out of range (by its name) or a broken
 * catalog file (its file, line and field), said once instead of under the bean-creation exceptions
 * that wrap them. Registered in {@code META-INF/spring.factories}; the catalog module is optional,
 * so its exception is matched by name. Stateless and thread-safe.
 */
public final class OrchestratorFailureAnalyzer implements FailureAnalyzer {
  private static final String CATALOG_EXCEPTION = "dev.orchestrator.catalog.CatalogException";

  /** For Boot's factories loader. */
  public OrchestratorFailureAnalyzer() {}

  @Override
  public FailureAnalysis analyze(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof UnknownModelException) {
        return new FailureAnalysis(
            "The orchestrator does not know the model: " + t.getMessage(),
            "Set orchestrator.model to a virtual model (orchestrator/free, orchestrator/auto), a"
                + " pool or a route of the catalog; `orchestrator route <model>` shows what a name"
                + " resolves to.",
            t);
      }
      if (t instanceof InvalidPropertyException) {
        return new FailureAnalysis(
            "The orchestrator's configuration is invalid: " + t.getMessage(),
            "Set "
                + ((InvalidPropertyException) t).property()
                + " to a value in the range named"
                + " above, or remove it to use the default.",
            t);
      }
      if (t.getClass().getName().equals(CATALOG_EXCEPTION)) {
        return new FailureAnalysis(
            "The orchestrator's catalog could not be loaded: " + t.getMessage(),
            "Fix the file, line and field named above (orchestrator.catalog), or remove the"
                + " property to use the embedded default catalog.",
            t);
      }
    }
    return null;
  }
}
