package dev.orchestrator.engine.tool;

/**
 * Everything observed about one tool failure, before classification, in the order the classifier
 * weighs it (ADR 0001): the outcome-unknown signal, the structured kind, the exception type, the
 * HTTP status, and last the wording. Immutable and thread-safe.
 *
 * <p>{@link #toString()} leaves the message out: it may hold arguments, output or secrets.
 *
 * @param idempotent whether the call may run twice safely
 * @param outcomeUnknown an explicit signal that the tool's side effect may or may not have
 *     happened; it wins over everything
 * @param declaredKind the kind a framework stated ({@link ToolFailureException}), or {@code null}
 * @param exceptionKind the kind the exception's type is evidence of, or {@code null}
 * @param status the tool's HTTP status, or {@code null}
 * @param message the failure's wording, or {@code null}; read only to fill a gap or tighten a
 *     decision, never copied into one
 * @param tool the failed call's tool name, or {@code null}; read only by operator rules ({@link
 *     ToolErrorRule#tools()})
 */
public record ToolFailureEvidence(
    boolean idempotent,
    boolean outcomeUnknown,
    ToolFailureKind declaredKind,
    ToolFailureKind exceptionKind,
    Integer status,
    String message,
    String tool) {

  /** No evidence yet about a call with this idempotence. */
  public static ToolFailureEvidence of(boolean idempotent) {
    return new ToolFailureEvidence(idempotent, false, null, null, null, null, null);
  }

  /** Copy with another idempotence. */
  public ToolFailureEvidence withIdempotent(boolean newIdempotent) {
    return new ToolFailureEvidence(
        newIdempotent, outcomeUnknown, declaredKind, exceptionKind, status, message, tool);
  }

  /** Copy with the outcome-unknown signal set. */
  public ToolFailureEvidence withOutcomeUnknown(boolean unknown) {
    return new ToolFailureEvidence(
        idempotent, unknown, declaredKind, exceptionKind, status, message, tool);
  }

  /** Copy with a framework's declared kind. */
  public ToolFailureEvidence withDeclaredKind(ToolFailureKind kind) {
    return new ToolFailureEvidence(
        idempotent, outcomeUnknown, kind, exceptionKind, status, message, tool);
  }

  /** Copy with the kind an exception's type is evidence of. */
  public ToolFailureEvidence withExceptionKind(ToolFailureKind kind) {
    return new ToolFailureEvidence(
        idempotent, outcomeUnknown, declaredKind, kind, status, message, tool);
  }

  /** Copy with an exception type given by its CLI name ({@link ToolExceptionType#OTHER}: none). */
  public ToolFailureEvidence withExceptionType(ToolExceptionType type) {
    return withExceptionKind(type.kind());
  }

  /** Copy with the tool's HTTP status. */
  public ToolFailureEvidence withStatus(Integer newStatus) {
    return new ToolFailureEvidence(
        idempotent, outcomeUnknown, declaredKind, exceptionKind, newStatus, message, tool);
  }

  /** Copy with the failure's wording. */
  public ToolFailureEvidence withMessage(String newMessage) {
    return new ToolFailureEvidence(
        idempotent, outcomeUnknown, declaredKind, exceptionKind, status, newMessage, tool);
  }

  /** Copy with the failed call's tool name. */
  public ToolFailureEvidence withTool(String newTool) {
    return new ToolFailureEvidence(
        idempotent, outcomeUnknown, declaredKind, exceptionKind, status, message, newTool);
  }

  /** Lists the fields but only the length of the message. */
  @Override
  public String toString() {
    return "ToolFailureEvidence[idempotent="
        + idempotent
        + ", outcomeUnknown="
        + outcomeUnknown
        + ", declaredKind="
        + declaredKind
        + ", exceptionKind="
        + exceptionKind
        + ", status="
        + status
        + ", message="
        + (message == null ? "null" : "<" + message.length() + " chars>")
        + ", tool="
        + tool
        + "]";
  }
}
