package dev.orchestrator.engine.failure;

import java.time.Duration;
import java.util.Objects;

/**
 * The typed verdict on one failed provider call, computed once at the provider boundary. The engine
 * decides from {@link #category()}, {@link #retryable()}, {@link #status()}, {@link
 * #transportFault()} and {@link #retryAfter()} only; {@link #message()} and {@link #body()} are for
 * people and for passing an upstream answer back as it is, never for parsing. Immutable and
 * thread-safe. Text fields are bounded and already redacted of secrets.
 *
 * @param category what kind of failure
 * @param retryable whether re-sending the same request to the same route is safe and may help
 * @param reachedModel whether the request reached the model
 * @param status the HTTP status, or {@code null} when there was none
 * @param retryAfter how long the provider asked us to wait, or {@code null}
 * @param requestId the provider's request id, or {@code null}
 * @param errorType the provider's own error type ({@code insufficient_quota}), or {@code null}
 * @param errorCode the provider's own error code, or {@code null}
 * @param transportFault the transport evidence, or {@code null} when the failure had an HTTP answer
 * @param message one redacted line: the upstream's error message, or a description of the fault
 * @param body the upstream body, at most 2 KiB, control characters stripped, redacted; or {@code
 *     null}
 * @param repairable whether the failure is a settled {@code request_invalid} whose cause is the
 *     shape of the request's history (a tool-call id, a signature, the order of roles), which the
 *     same route may accept once the history is sent in its strictest form (docs/design.md §13)
 */
public record ProviderFailure(
    FailureCategory category,
    boolean retryable,
    ReachedModel reachedModel,
    Integer status,
    Duration retryAfter,
    String requestId,
    String errorType,
    String errorCode,
    TransportFault transportFault,
    String message,
    String body,
    boolean repairable) {

  /** Validates. */
  public ProviderFailure {
    Objects.requireNonNull(category, "category");
    Objects.requireNonNull(reachedModel, "reachedModel");
    message = message == null ? "" : message;
    if (retryAfter != null && retryAfter.isNegative()) {
      retryAfter = Duration.ZERO;
    }
  }

  /**
   * Whether the route answered nothing at all before giving up: a timeout with no HTTP status. Such
   * a silent route is not retried (docs/design.md §5).
   */
  public boolean silent() {
    return category == FailureCategory.TIMEOUT && status == null;
  }

  /** A failure that carries only a category and a message, for engine-originated failures. */
  public static ProviderFailure of(
      FailureCategory category,
      boolean retryable,
      ReachedModel reachedModel,
      TransportFault fault,
      String message) {
    return builder(category, reachedModel)
        .retryable(retryable)
        .transportFault(fault)
        .message(message)
        .build();
  }

  /**
   * The failure of an attempt whose provider client threw instead of returning an outcome (a broken
   * contract): {@code unknown}, not retryable. The exception's type is evidence; its message is
   * never read, so nothing it says (a key, a prompt) can leak.
   */
  public static ProviderFailure clientThrew(RuntimeException e) {
    return of(
        FailureCategory.UNKNOWN,
        false,
        ReachedModel.UNKNOWN,
        null,
        "provider client threw " + e.getClass().getName());
  }

  /** A builder of a failure of {@code category}; every other field is unset (not retryable). */
  public static Builder builder(FailureCategory category, ReachedModel reachedModel) {
    return new Builder(category, reachedModel);
  }

  /** A builder starting from this failure. */
  public Builder toBuilder() {
    return builder(category, reachedModel)
        .retryable(retryable)
        .status(status)
        .retryAfter(retryAfter)
        .requestId(requestId)
        .errorType(errorType)
        .errorCode(errorCode)
        .transportFault(transportFault)
        .message(message)
        .body(body)
        .repairable(repairable);
  }

  /** Copy with another category and retryability (e.g. after visible output was streamed). */
  public ProviderFailure withCategory(FailureCategory newCategory, boolean newRetryable) {
    Builder b = toBuilder().retryable(newRetryable);
    b.category = Objects.requireNonNull(newCategory, "category");
    return b.build();
  }

  /** Mutable builder; not thread-safe. Each setter names the record component it sets. */
  public static final class Builder {
    private FailureCategory category;
    private final ReachedModel reachedModel;
    private boolean retryable;
    private Integer status;
    private Duration retryAfter;
    private String requestId;
    private String errorType;
    private String errorCode;
    private TransportFault transportFault;
    private String message;
    private String body;
    private boolean repairable;

    private Builder(FailureCategory category, ReachedModel reachedModel) {
      this.category = category;
      this.reachedModel = reachedModel;
    }

    /** See {@link ProviderFailure#retryable()}. */
    public Builder retryable(boolean v) {
      retryable = v;
      return this;
    }

    /** See {@link ProviderFailure#status()}. */
    public Builder status(Integer v) {
      status = v;
      return this;
    }

    /** See {@link ProviderFailure#retryAfter()}. */
    public Builder retryAfter(Duration v) {
      retryAfter = v;
      return this;
    }

    /** See {@link ProviderFailure#requestId()}. */
    public Builder requestId(String v) {
      requestId = v;
      return this;
    }

    /** See {@link ProviderFailure#errorType()}. */
    public Builder errorType(String v) {
      errorType = v;
      return this;
    }

    /** See {@link ProviderFailure#errorCode()}. */
    public Builder errorCode(String v) {
      errorCode = v;
      return this;
    }

    /** See {@link ProviderFailure#transportFault()}. */
    public Builder transportFault(TransportFault v) {
      transportFault = v;
      return this;
    }

    /** See {@link ProviderFailure#message()}. */
    public Builder message(String v) {
      message = v;
      return this;
    }

    /** See {@link ProviderFailure#body()}. */
    public Builder body(String v) {
      body = v;
      return this;
    }

    /** See {@link ProviderFailure#repairable()}. */
    public Builder repairable(boolean v) {
      repairable = v;
      return this;
    }

    /** Validates and builds. */
    public ProviderFailure build() {
      return new ProviderFailure(
          category,
          retryable,
          reachedModel,
          status,
          retryAfter,
          requestId,
          errorType,
          errorCode,
          transportFault,
          message,
          body,
          repairable);
    }
  }
}
