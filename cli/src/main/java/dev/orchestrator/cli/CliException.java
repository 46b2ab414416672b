package dev.orchestrator.cli;

import dev.orchestrator.catalog.CatalogException;
import dev.orchestrator.engine.plan.UnknownModelException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A failure a command reports with a specific exit code, a one-line message (no stack trace) and,
 * under {@code --json}, the error document of docs/reference.md §0: {@code {"error": {"type": T,
 * "message": TEXT, …}}}. Immutable once thrown.
 */
public final class CliException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Error type of bad usage: an unknown option, a value out of range, a missing argument. */
  public static final String USAGE = "usage";

  /** Error type of a model name that is not in the catalog; carries {@code closeMatches}. */
  public static final String UNKNOWN_MODEL = "unknown_model";

  /** Error type of an unreadable or invalid input file; carries {@code file}, {@code line}… */
  public static final String INVALID_INPUT = "invalid_input";

  /** Error type of anything else that stopped a command. */
  public static final String FAILED = "failed";

  private final int exitCode;
  private final String type;
  // Extra members of the error object, in order; only JSON-friendly values (String, Number, List).
  private final transient Map<String, Object> details;

  /** A failure with this exit code and message; its type follows from the exit code. */
  public CliException(int exitCode, String message) {
    this(exitCode, message, null);
  }

  /** A failure with this exit code, message and cause; its type follows from the exit code. */
  public CliException(int exitCode, String message, Throwable cause) {
    this(exitCode, typeOf(exitCode), message, cause, Map.of());
  }

  private CliException(
      int exitCode, String type, String message, Throwable cause, Map<String, Object> details) {
    super(message, cause);
    this.exitCode = exitCode;
    this.type = type;
    this.details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
  }

  private static String typeOf(int exitCode) {
    return switch (exitCode) {
      case OrchestratorCli.EXIT_USAGE -> USAGE;
      case OrchestratorCli.EXIT_INPUT -> INVALID_INPUT;
      default -> FAILED;
    };
  }

  /** Bad usage (exit 2, type {@code usage}). */
  public static CliException usage(String message) {
    return new CliException(OrchestratorCli.EXIT_USAGE, message);
  }

  /**
   * Unreadable or invalid input file (exit 3, type {@code invalid_input}) that {@code c} locates:
   * the document carries its {@code file}, and its {@code line}, {@code column} and {@code field}
   * when known.
   */
  public static CliException input(String message, CatalogException c) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("file", c.source());
    if (c.line() > 0) {
      d.put("line", c.line());
    }
    if (c.column() > 0) {
      d.put("column", c.column());
    }
    if (c.field() != null && !c.field().isEmpty()) {
      d.put("field", c.field());
    }
    return new CliException(OrchestratorCli.EXIT_INPUT, INVALID_INPUT, message, c, d);
  }

  /** An invalid input file named {@code file} (exit 3) whose problem is at {@code line}. */
  public static CliException input(String file, int line, String message) {
    return input(file, line, null, message);
  }

  /**
   * An invalid input file named {@code file} (exit 3) whose problem is at {@code line} (0 when not
   * known) in {@code field} ({@code null} when not known).
   */
  public static CliException input(String file, int line, String field, String message) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("file", file);
    if (line > 0) {
      d.put("line", line);
    }
    if (field != null) {
      d.put("field", field);
    }
    return new CliException(OrchestratorCli.EXIT_INPUT, INVALID_INPUT, message, null, d);
  }

  /** A model name the catalog does not know (exit 2, type {@code unknown_model}). */
  public static CliException unknownModel(UnknownModelException e) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("model", e.model());
    d.put("closeMatches", e.closeMatches());
    return new CliException(OrchestratorCli.EXIT_USAGE, UNKNOWN_MODEL, e.getMessage(), e, d);
  }

  /**
   * A failure of type {@code type} with extra members for the JSON error object, given as name,
   * value pairs in the order they print ({@code "model", name, "closeMatches", list}).
   */
  public static CliException of(int exitCode, String type, String message, Object... details) {
    if (details.length % 2 != 0) {
      throw new IllegalArgumentException("details: " + details.length + " (expected: pairs)");
    }
    Map<String, Object> d = new LinkedHashMap<>();
    for (int i = 0; i < details.length; i += 2) {
      d.put((String) details[i], details[i + 1]);
    }
    return new CliException(exitCode, type, message, null, d);
  }

  /** The exit code. */
  public int exitCode() {
    return exitCode;
  }

  /** The error type of the JSON error document ({@code usage}, {@code invalid_input}…). */
  public String type() {
    return type;
  }

  /** The error object of the JSON error document: {@code type}, {@code message}, then details. */
  public Map<String, Object> errorObject() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", type);
    m.put("message", getMessage());
    m.putAll(details);
    return m;
  }
}
