package dev.orchestrator.catalog;

/**
 * A catalog source is unreadable or invalid. The message names the source, the position when known,
 * the field and the problem, for example {@code catalog.yaml:12:7: routes["a/m"].contextWindow:
 * "abc" is not a number (expected: a positive integer)}. A source that fails is rejected whole:
 * nothing of it is used. Messages never contain secrets (header values are not echoed).
 *
 * <p>Immutable and thread-safe.
 */
public final class CatalogException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String source;
  private final int line;
  private final int column;
  private final String field;
  private final String problem;

  /**
   * A problem in a source.
   *
   * @param source the source name (a path, a URL, or a name the caller chose)
   * @param line 1-based line, or 0 when unknown
   * @param column 1-based column, or 0 when unknown
   * @param field the field path such as {@code 302ai.models.MiniMax-M1.cost.input}, or {@code null}
   *     when the problem concerns the whole source
   * @param problem what is wrong and what was expected
   * @param cause the underlying exception, or {@code null}
   */
  public CatalogException(
      String source, int line, int column, String field, String problem, Throwable cause) {
    super(format(source, line, column, field, problem), cause);
    this.source = source;
    this.line = Math.max(0, line);
    this.column = Math.max(0, column);
    this.field = field;
    this.problem = problem;
  }

  /** A problem with the whole source (unreadable, not a catalog…), with no position or field. */
  public CatalogException(String source, String problem, Throwable cause) {
    this(source, 0, 0, null, problem, cause);
  }

  private static String format(String source, int line, int column, String field, String problem) {
    StringBuilder b = new StringBuilder(source == null ? "<catalog>" : source);
    if (line > 0) {
      b.append(':').append(line);
      if (column > 0) {
        b.append(':').append(column);
      }
    }
    b.append(": ");
    if (field != null && !field.isEmpty()) {
      b.append(field).append(": ");
    }
    return b.append(problem).toString();
  }

  /** The source name: a path, a URL, or the name given to {@link CatalogLoader#parse}. */
  public String source() {
    return source;
  }

  /** The 1-based line of the problem, or 0 when unknown. */
  public int line() {
    return line;
  }

  /** The 1-based column of the problem, or 0 when unknown. */
  public int column() {
    return column;
  }

  /**
   * The path of the offending field, such as {@code routes["a/m"].contextWindow}, or {@code null}
   * when the problem concerns the whole source.
   */
  public String field() {
    return field;
  }

  /** The problem alone, without source, position or field. */
  public String problem() {
    return problem;
  }
}
