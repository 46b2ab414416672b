package dev.orchestrator.engine.tool;

import java.util.Objects;

/**
 * The structured tool failure an agent framework throws when it knows what went wrong: the tool's
 * name, the {@link ToolFailureKind}, whether the call was idempotent, and whether its outcome is
 * unknown. The classifier trusts these fields over anything it could infer from exception types,
 * status codes or wording. Immutable and thread-safe.
 *
 * <p>Every flag must be stated: there is no default for {@code idempotent} or {@code
 * outcomeUnknown}, because a guessed default is exactly the evidence a fail-closed classifier must
 * not invent.
 *
 * <pre>{@code
 * throw ToolFailureException.builder("shell")
 *     .kind(ToolFailureKind.TIMEOUT)
 *     .idempotent(false)
 *     .outcomeUnknown(true)
 *     .build();
 * }</pre>
 *
 * <p>The message, when one is given, is the framework's own; the classifier never copies it into a
 * decision or an audit event.
 */
public final class ToolFailureException extends RuntimeException implements HasHttpStatus {
  private static final long serialVersionUID = 1L;

  private final String toolName;
  private final ToolFailureKind kind;
  private final boolean idempotent;
  private final boolean outcomeUnknown;
  private final Integer status;

  private ToolFailureException(Builder b, String message) {
    super(message, b.cause);
    this.toolName = b.toolName;
    this.kind = b.kind;
    this.idempotent = b.idempotent;
    this.outcomeUnknown = b.outcomeUnknown;
    this.status = b.status;
  }

  /**
   * A builder for a failure of the named tool.
   *
   * @throws IllegalArgumentException when the name is blank, too long or has control characters
   */
  public static Builder builder(String toolName) {
    return new Builder(ToolSpec.checkName(toolName));
  }

  /** The tool's name. */
  public String toolName() {
    return toolName;
  }

  /** What kind of failure the framework observed. */
  public ToolFailureKind kind() {
    return kind;
  }

  /** Whether the call may run twice safely. */
  public boolean idempotent() {
    return idempotent;
  }

  /** Whether the framework cannot tell if the tool's side effect happened. */
  public boolean outcomeUnknown() {
    return outcomeUnknown;
  }

  /** The tool's HTTP status, or {@code null} when it has none. */
  public Integer status() {
    return status;
  }

  /** The HTTP status, or {@code 0} (ignored as evidence) when there is none. */
  @Override
  public int httpStatus() {
    return status == null ? 0 : status;
  }

  /**
   * Builds a {@link ToolFailureException}. Not thread-safe; {@link #build()} validates that every
   * required field was set.
   */
  public static final class Builder {
    private final String toolName;
    private ToolFailureKind kind;
    private Boolean idempotent;
    private Boolean outcomeUnknown;
    private Integer status;
    private String message;
    private Throwable cause;

    private Builder(String toolName) {
      this.toolName = toolName;
    }

    /** What kind of failure (required). */
    public Builder kind(ToolFailureKind kind) {
      this.kind = Objects.requireNonNull(kind, "kind");
      return this;
    }

    /** Whether the call may run twice safely (required). */
    public Builder idempotent(boolean idempotent) {
      this.idempotent = idempotent;
      return this;
    }

    /** Whether the tool's side effect may or may not have happened (required). */
    public Builder outcomeUnknown(boolean outcomeUnknown) {
      this.outcomeUnknown = outcomeUnknown;
      return this;
    }

    /**
     * The tool's HTTP status (optional).
     *
     * @throws IllegalArgumentException outside 100..599
     */
    public Builder status(int status) {
      if (status < 100 || status > 599) {
        throw new IllegalArgumentException("status: " + status + " (expected: 100..599)");
      }
      this.status = status;
      return this;
    }

    /** The framework's own message (optional; never copied into decisions or audit events). */
    public Builder message(String message) {
      this.message = message;
      return this;
    }

    /** The underlying exception (optional). */
    public Builder cause(Throwable cause) {
      this.cause = cause;
      return this;
    }

    /**
     * Builds the exception.
     *
     * @throws IllegalStateException naming the first required field that was not set
     */
    public ToolFailureException build() {
      if (kind == null) {
        throw new IllegalStateException(
            "kind: not set (expected one of: " + ToolFailureKind.wireNames() + ")");
      }
      if (idempotent == null) {
        throw new IllegalStateException("idempotent: not set (expected: true or false)");
      }
      if (outcomeUnknown == null) {
        throw new IllegalStateException("outcomeUnknown: not set (expected: true or false)");
      }
      String text =
          message != null
              ? message
              : "tool '"
                  + toolName
                  + "' failed: "
                  + kind.wireName()
                  + (outcomeUnknown ? ", outcome unknown" : "");
      return new ToolFailureException(this, text);
    }
  }
}
