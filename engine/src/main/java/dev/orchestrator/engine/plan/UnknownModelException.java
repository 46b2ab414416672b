package dev.orchestrator.engine.plan;

import java.util.List;

/** The model name is neither a virtual model, a pool nor a route of the catalog. */
public final class UnknownModelException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final String model;
  private final List<String> closeMatches;

  /** Creates the exception. */
  public UnknownModelException(String model, List<String> closeMatches) {
    super(
        "unknown model: "
            + model
            + (closeMatches.isEmpty()
                ? ""
                : " (close matches: " + String.join(", ", closeMatches) + ")"));
    this.model = model;
    this.closeMatches = List.copyOf(closeMatches);
  }

  /** The name that was not found. */
  public String model() {
    return model;
  }

  /** The closest known names, best first (at most five). */
  public List<String> closeMatches() {
    return closeMatches;
  }
}
