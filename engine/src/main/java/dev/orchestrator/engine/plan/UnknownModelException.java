package dev.orchestrator.engine.plan;

import java.util.List;

/** The model name is neither a virtual model, a pool nor a route of the catalog. */
public final class UnknownModelException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final String model;
  private final List<String> closeMatches;

  /** The most of an unknown name the message repeats. */
  private static final int SHOWN_CHARS = 200;

  /** Creates the exception; its message repeats at most 200 characters of {@code model}. */
  public UnknownModelException(String model, List<String> closeMatches) {
    super(
        "unknown model: "
            + shown(model)
            + (closeMatches.isEmpty()
                ? ""
                : " (close matches: " + String.join(", ", closeMatches) + ")"));
    this.model = model;
    this.closeMatches = List.copyOf(closeMatches);
  }

  /**
   * {@code name} as a message shows it: whole up to 200 characters, else its beginning and its
   * length — a request body may carry a name of megabytes, and an error is no place to send it
   * back.
   */
  public static String shown(String name) {
    return name.length() <= SHOWN_CHARS
        ? name
        : name.substring(0, SHOWN_CHARS) + "… (" + name.length() + " characters)";
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
