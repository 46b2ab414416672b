package dev.orchestrator.engine.tool;

import static dev.orchestrator.engine.tool.ToolFailureKind.AMBIGUOUS_OUTCOME;
import static dev.orchestrator.engine.tool.ToolFailureKind.EXECUTION_FAILED;
import static dev.orchestrator.engine.tool.ToolFailureKind.INVALID_ARGUMENTS;
import static dev.orchestrator.engine.tool.ToolFailureKind.PERMISSION_DENIED;
import static dev.orchestrator.engine.tool.ToolFailureKind.POLICY_BLOCKED;
import static dev.orchestrator.engine.tool.ToolFailureKind.RATE_LIMITED;
import static dev.orchestrator.engine.tool.ToolFailureKind.TIMEOUT;
import static dev.orchestrator.engine.tool.ToolFailureKind.TOOL_NOT_FOUND;
import static dev.orchestrator.engine.tool.ToolFailureKind.TOOL_UNAVAILABLE;
import static dev.orchestrator.engine.tool.ToolFailureKind.TRANSPORT_ERROR;
import static dev.orchestrator.engine.tool.ToolFailureKind.UNKNOWN;

import dev.orchestrator.engine.failure.ErrorRule;
import dev.orchestrator.engine.internal.Regexes;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.PortUnreachableException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileLockInterruptionException;
import java.nio.channels.InterruptedByTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Decides what to do after a tool failure (docs/design.md §6, ADR 0001). Fails closed: when
 * replaying a call could do its damage twice, or handing it to another agent could bypass a
 * permission or policy decision, the answer is {@link ToolAction#FAIL_CLOSED}. Immutable and
 * thread-safe.
 *
 * <p>This classifier accepts tool evidence only. It has no entry point for a provider (model)
 * failure — {@link dev.orchestrator.engine.failure.ProviderFailure} is a different type decided by
 * the provider classifier — and the provider classifier never sees tool failures.
 *
 * <h2>Evidence, strongest first</h2>
 *
 * <ol>
 *   <li>An explicit outcome-unknown signal ({@link ToolFailureException#outcomeUnknown()} anywhere
 *       in the cause chain) wins over everything: {@code ambiguous_outcome}, fail closed. A {@link
 *       ToolExecutionStoppedException} in the chain is a stop already decided and is returned as it
 *       is.
 *   <li>The structured type: the first {@link ToolFailureException} in the chain whose kind is not
 *       {@code unknown}. Any structured failure saying non-idempotent makes the call
 *       non-idempotent, whatever the {@link ToolSpec} says.
 *   <li>Typed evidence of what the invariants guard: an exception type or HTTP status (below) that
 *       reads {@code permission_denied} or {@code policy_blocked}, or a timeout, transport failure
 *       or interrupt of a non-idempotent call ({@code ambiguous_outcome}).
 *   <li>The operator's rules ({@link #withRules}, a catalog's {@code toolErrors:}), first match
 *       wins: each names a kind, and the decision table ({@link #decide}) says what to do with it.
 *       A rule corrects a reading; it cannot contradict the typed evidence of the step before.
 *   <li>The exception type, first match along the chain (see {@link ToolExceptionType}); in
 *       addition {@link InterruptedException}, {@link InterruptedIOException} (other than a socket
 *       timeout), {@link CancellationException} and an NIO channel's {@link
 *       ClosedByInterruptException} and {@link FileLockInterruptionException} mean {@code
 *       ambiguous_outcome} (a call interrupted or cancelled while it ran may or may not have done
 *       its work, message or not), {@link AccessDeniedException} and {@link SecurityException} mean
 *       {@code permission_denied}, {@link IllegalArgumentException} means {@code invalid_arguments}
 *       (a framework's argument validation throws it; failing closed is the safe reading of a bug
 *       that throws it too), and {@link NoSuchFileException} / {@link FileNotFoundException} mean
 *       {@code execution_failed}: a missing file is something the tool ran into, not a missing
 *       tool, so it never earns a failover to re-run a side effect.
 *   <li>The HTTP status of the first {@link HasHttpStatus} in the chain — see {@link
 *       #statusKind(int)}; a 405 from an idempotent tool endpoint is {@code tool_unavailable} (the
 *       agent may fail over), not invalid arguments.
 *   <li>Wording, last resort, read by meaning in nine languages ({@code ToolFailureWording}): it
 *       fills a gap (no typed evidence at all) or <em>tightens</em> a decision to fail closed (a
 *       500 saying "permission denied" is not handed to another agent). It never loosens one:
 *       wording cannot turn a fail-closed decision into a failover or a retry, and never overrides
 *       a framework's declared kind. An HTTP status a client printed in the message ({@link
 *       #printedStatus(String)}), with no typed status beside it, is read through the status table,
 *       and counts only where it fails closed.
 *   <li>With no typed evidence and no row read, the most general words ({@link
 *       ToolFailureWording#lastResort(String)}: "invalid", "must be", "not supported" as {@code
 *       invalid_arguments}; "failed to", "not found", "does not exist" as {@code
 *       execution_failed}), when no status is printed either.
 *   <li>Otherwise {@code unknown}: fail over (no evidence, no reason to stop the work).
 * </ol>
 */
public final class ToolFailureClassifier {

  /** The shared instance, with no operator rules. */
  public static final ToolFailureClassifier INSTANCE = new ToolFailureClassifier(List.of());

  /** Characters of wording read at most; the rest cannot change a decision. */
  static final int MAX_WORDING_CHARS = 4096;

  private record TypeRow(Class<? extends Throwable> type, ToolFailureKind kind) {}

  // First match wins, so subclasses come before their superclasses.
  private static final List<TypeRow> TYPES =
      List.of(
          new TypeRow(HttpConnectTimeoutException.class, TOOL_UNAVAILABLE),
          new TypeRow(HttpTimeoutException.class, TIMEOUT),
          new TypeRow(SocketTimeoutException.class, TIMEOUT),
          new TypeRow(TimeoutException.class, TIMEOUT),
          // An asynchronous channel's read or write that timed out.
          new TypeRow(InterruptedByTimeoutException.class, TIMEOUT),
          // Interrupted or cancelled while it ran: whether its effect happened cannot be known.
          // InterruptedIOException after SocketTimeoutException, its subclass (a timeout).
          new TypeRow(InterruptedException.class, AMBIGUOUS_OUTCOME),
          new TypeRow(InterruptedIOException.class, AMBIGUOUS_OUTCOME),
          new TypeRow(CancellationException.class, AMBIGUOUS_OUTCOME),
          // An NIO channel's form of the same interrupt (before ClosedChannelException, its
          // superclass): the thread was interrupted in the channel's I/O.
          new TypeRow(ClosedByInterruptException.class, AMBIGUOUS_OUTCOME),
          new TypeRow(FileLockInterruptionException.class, AMBIGUOUS_OUTCOME),
          new TypeRow(ConnectException.class, TOOL_UNAVAILABLE),
          new TypeRow(NoRouteToHostException.class, TOOL_UNAVAILABLE),
          new TypeRow(PortUnreachableException.class, TOOL_UNAVAILABLE),
          new TypeRow(UnknownHostException.class, TOOL_UNAVAILABLE),
          new TypeRow(UnresolvedAddressException.class, TOOL_UNAVAILABLE),
          new TypeRow(SSLHandshakeException.class, TOOL_UNAVAILABLE),
          new TypeRow(RejectedExecutionException.class, TOOL_UNAVAILABLE),
          new TypeRow(SocketException.class, TRANSPORT_ERROR),
          new TypeRow(EOFException.class, TRANSPORT_ERROR),
          new TypeRow(ClosedChannelException.class, TRANSPORT_ERROR),
          new TypeRow(SSLException.class, TRANSPORT_ERROR),
          new TypeRow(AccessDeniedException.class, PERMISSION_DENIED),
          new TypeRow(SecurityException.class, PERMISSION_DENIED),
          new TypeRow(NoSuchFileException.class, EXECUTION_FAILED),
          new TypeRow(FileNotFoundException.class, EXECUTION_FAILED),
          new TypeRow(IllegalArgumentException.class, INVALID_ARGUMENTS));

  private final List<ToolErrorRule> rules;

  private ToolFailureClassifier(List<ToolErrorRule> rules) {
    this.rules = List.copyOf(rules);
  }

  /**
   * A classifier that reads {@code rules}, an operator's {@code toolErrors:} rules, first match
   * wins, after the signals the tool's framework states about the call (an outcome that cannot be
   * known, a declared kind) and before every built-in reading (ADR 0047).
   *
   * @param rules the rules, in order
   * @return a classifier with these rules instead of this one's
   */
  public ToolFailureClassifier withRules(List<ToolErrorRule> rules) {
    return rules.isEmpty() ? INSTANCE : new ToolFailureClassifier(rules);
  }

  /** The operator's rules this classifier reads, in order; empty for {@link #INSTANCE}. */
  public List<ToolErrorRule> rules() {
    return rules;
  }

  /**
   * Classifies observed evidence. Never throws for a non-null argument.
   *
   * @param evidence what was observed
   * @return the decision
   */
  public ToolDecision classify(ToolFailureEvidence evidence) {
    return explain(evidence).decision();
  }

  /**
   * Classifies observed evidence and says what decided: the operator's rule or the built-in step,
   * why, and every operator rule considered ({@code orchestrator classify-tool --explain}). Never
   * throws for a non-null argument.
   *
   * @param evidence what was observed
   * @return the decision and what decided it
   */
  public ToolClassification explain(ToolFailureEvidence evidence) {
    Objects.requireNonNull(evidence, "evidence");
    boolean idempotent = evidence.idempotent();
    ToolFailureKind declared = evidence.declaredKind() == UNKNOWN ? null : evidence.declaredKind();
    ToolFailureKind exceptionKind =
        evidence.exceptionKind() == UNKNOWN ? null : evidence.exceptionKind();
    ToolFailureKind statusKind =
        evidence.status() == null ? null : statusKind(evidence.status(), idempotent);
    if (evidence.outcomeUnknown()) {
      ToolFailureKind observed =
          declared != null ? declared : exceptionKind != null ? exceptionKind : statusKind;
      return new ToolClassification(
          ambiguous(observed == null ? AMBIGUOUS_OUTCOME : observed),
          "tool.outcome_unknown",
          "the call's outcome was declared unknown",
          List.of(),
          List.of());
    }
    if (declared != null) {
      return new ToolClassification(
          decide(declared, idempotent),
          "tool.declared_kind",
          "the tool's framework declared " + declared.wireName(),
          List.of(),
          List.of());
    }
    ToolFailureKind typed = exceptionKind != null ? exceptionKind : statusKind;
    ToolDecision decision = decide(typed == null ? UNKNOWN : typed, idempotent);
    String typedStep = exceptionKind != null ? "tool.exception_type" : "tool.status";
    String typedWhy =
        typed == null
            ? null
            : exceptionKind != null
                ? "the exception's type is evidence of " + typed.wireName()
                : "status " + evidence.status() + " is " + typed.wireName();
    // Typed evidence of what ADR 0001 guards (a refusal, a policy, a call that may have run) is
    // read before the operator's rules: a rule corrects a reading, it cannot contradict that.
    if (guarded(decision)) {
      return new ToolClassification(
          decision,
          typedStep,
          rules.isEmpty() ? typedWhy : typedWhy + ", which no operator rule overrides",
          List.of(),
          List.of());
    }
    String text = readable(evidence.message());
    // A status a client printed, with no typed one beside it, read once: here when rules may ask
    // for it, else only below, where it is needed (the scan is most of a long message's cost).
    Integer printed = rules.isEmpty() ? null : printed(evidence, text);
    List<ToolClassification.Check> considered = new ArrayList<>(rules.size());
    for (ToolErrorRule rule : rules) {
      ToolClassification.Check check =
          check(rule, evidence.tool(), evidence.status(), printed, text);
      considered.add(check);
      if (check.matched()) {
        return new ToolClassification(
            decide(rule.kind(), idempotent), rule.id(), check.why(), List.of(), considered);
      }
    }
    // what the exception type or the status decides, where one of them does
    ToolClassification byType =
        typed == null
            ? null
            : new ToolClassification(decision, typedStep, typedWhy, List.of(), considered);
    if (decision.action() == ToolAction.FAIL_CLOSED) {
      return byType;
    }
    if (text == null) {
      return byType != null
          ? byType
          : new ToolClassification(
              decision,
              "tool.no_evidence",
              "no message and no typed evidence",
              List.of(),
              considered);
    }
    // Wording fills a gap or tightens to fail closed; it never loosens.
    ToolFailureWording.Reading worded = ToolFailureWording.read(text);
    ToolDecision byWording = worded == null ? null : decide(worded.kind(), idempotent);
    if (byWording != null && byWording.action() == ToolAction.FAIL_CLOSED) {
      return new ToolClassification(
          byWording,
          "tool.wording",
          "the words name "
              + worded.kind().wireName()
              + (typed == null
                  ? ""
                  : ", which fails closed over "
                      + (exceptionKind != null
                          ? "the exception type's "
                          : "status " + evidence.status() + "'s ")
                      + typed.wireName()),
          List.of(worded.words()),
          considered);
    }
    // A printed status only tightens: a 404 or a 429 printed by a web-fetch tool may be the
    // fetched page's, not the tool's.
    if (rules.isEmpty()) {
      printed = printed(evidence, text);
    }
    ToolFailureKind printedKind = printed == null ? null : statusKind(printed, idempotent);
    ToolDecision byStatus = printedKind == null ? null : decide(printedKind, idempotent);
    if (byStatus != null && byStatus.action() == ToolAction.FAIL_CLOSED) {
      return new ToolClassification(
          byStatus,
          "tool.printed_status",
          "the message prints status " + printed + ", which is " + printedKind.wireName(),
          List.of(),
          considered);
    }
    if (byType != null) {
      return byType;
    }
    if (byWording != null) {
      return new ToolClassification(
          byWording,
          "tool.wording",
          "the words name " + worded.kind().wireName(),
          List.of(worded.words()),
          considered);
    }
    // The most general words ("invalid", "failed to", "not found") fill a gap last, where no
    // status was printed: "Request failed with status code 404" keeps the failover of a status
    // that does not fail closed.
    ToolFailureWording.Reading general =
        printed == null ? ToolFailureWording.lastResort(text) : null;
    if (general != null) {
      return new ToolClassification(
          decide(general.kind(), idempotent),
          "tool.last_resort",
          "the most general words name " + general.kind().wireName(),
          List.of(general.words()),
          considered);
    }
    return new ToolClassification(
        decision,
        "tool.no_evidence",
        printed == null
            ? "no words name a cause"
            : "the message prints status "
                + printed
                + " ("
                + printedKind.wireName()
                + "), which only tightens a decision; no words name a cause",
        List.of(),
        considered);
  }

  /**
   * Whether a typed reading is one ADR 0001's invariants guard, which no operator rule overrides: a
   * permission or policy failure, or a call that may have run and is not replayed.
   */
  private static boolean guarded(ToolDecision decision) {
    return switch (decision.kind()) {
      case PERMISSION_DENIED, POLICY_BLOCKED, AMBIGUOUS_OUTCOME -> true;
      default -> false;
    };
  }

  private static Integer printed(ToolFailureEvidence evidence, String text) {
    return evidence.status() == null && text != null ? printedStatus(text) : null;
  }

  /**
   * Whether {@code rule} matches: when it does, every condition that held; when it does not, the
   * first condition that failed.
   */
  private static ToolClassification.Check check(
      ToolErrorRule rule, String tool, Integer status, Integer printed, String text) {
    List<String> held = new ArrayList<>();
    if (!rule.tools().isEmpty()) {
      if (tool == null) {
        return no(
            rule, "no tool named (the rule is for " + String.join(" or ", rule.tools()) + ")");
      }
      if (!rule.tools().contains(tool.toLowerCase(Locale.ROOT))) {
        return no(rule, "tool " + tool + " is not " + String.join(" or ", rule.tools()));
      }
      held.add("tool " + tool);
    }
    if (!rule.statuses().isEmpty()) {
      Integer read = status != null ? status : printed;
      String named = (status != null ? "status " : "printed status ") + read;
      if (read == null) {
        return no(rule, "no status (the rule is for " + String.join(" or ", rule.statuses()) + ")");
      }
      if (!ErrorRule.matchesStatus(rule.statuses(), read)) {
        return no(rule, named + " is not " + String.join(" or ", rule.statuses()));
      }
      held.add(named);
    }
    if (!rule.phrases().isEmpty()) {
      String phrase = null;
      if (text != null) {
        for (String p : rule.phrases()) {
          if (text.contains(p)) {
            phrase = p;
            break;
          }
        }
      }
      if (phrase == null) {
        return no(
            rule, "the message contains none of '" + String.join("', '", rule.phrases()) + "'");
      }
      held.add("message contains '" + phrase + "'");
    }
    return new ToolClassification.Check(rule.id(), true, String.join(", ", held));
  }

  private static ToolClassification.Check no(ToolErrorRule rule, String why) {
    return new ToolClassification.Check(rule.id(), false, why);
  }

  /**
   * Classifies an exception a tool call threw, reading its cause chain (at most {@value
   * CauseChain#MAX_DEPTH} links deep, each throwable once, suppressed context after the causes).
   * Never throws for non-null arguments.
   *
   * @param failure what the call threw
   * @param spec the tool and whether its calls are idempotent
   * @return the decision
   */
  public ToolDecision classify(Throwable failure, ToolSpec spec) {
    return explain(failure, spec).decision();
  }

  /**
   * As {@link #classify(Throwable, ToolSpec)}, saying what decided ({@link
   * #explain(ToolFailureEvidence)}); a {@link ToolExecutionStoppedException} in the chain is {@code
   * tool.stopped}, a stop already decided.
   *
   * @param failure what the call threw
   * @param spec the tool and whether its calls are idempotent
   * @return the decision and what decided it
   */
  public ToolClassification explain(Throwable failure, ToolSpec spec) {
    Objects.requireNonNull(failure, "failure");
    Objects.requireNonNull(spec, "spec");
    List<Throwable> chain = CauseChain.walk(failure);
    ToolFailureEvidence evidence = ToolFailureEvidence.of(spec.idempotent()).withTool(spec.name());
    ToolFailureKind declared = null;
    ToolFailureKind typeKind = null;
    Integer status = null;
    StringBuilder wording = new StringBuilder();
    for (Throwable t : chain) {
      if (t instanceof ToolExecutionStoppedException) {
        return new ToolClassification(
            ((ToolExecutionStoppedException) t).decision(),
            "tool.stopped",
            "a stop already decided",
            List.of(),
            List.of());
      }
      // A structured failure's own text is not evidence (its fields are); nor is a message that
      // only repeats the cause's class name.
      if (t instanceof ToolFailureException) {
        ToolFailureException f = (ToolFailureException) t;
        if (!f.idempotent()) {
          evidence = evidence.withIdempotent(false);
        }
        if (f.outcomeUnknown()) {
          evidence = evidence.withOutcomeUnknown(true);
        }
        if (declared == null && f.kind() != UNKNOWN) {
          declared = f.kind();
        }
      } else if (!messageIsJustTheCause(t)) {
        appendWording(wording, t.getMessage());
      }
      if (typeKind == null) {
        typeKind = typeKind(t);
      }
      if (status == null && t instanceof HasHttpStatus) {
        int s = ((HasHttpStatus) t).httpStatus();
        status = s >= 100 && s <= 599 ? s : null;
      }
    }
    return explain(
        evidence
            .withDeclaredKind(declared)
            .withExceptionKind(typeKind)
            .withStatus(status)
            .withMessage(wording.length() == 0 ? null : wording.toString()));
  }

  /**
   * The HTTP status table: what a tool server's status is evidence of, or {@code null} for a status
   * that is no failure evidence (1xx–3xx, or outside 100..599).
   *
   * <table>
   *   <caption>Status to kind</caption>
   *   <tr><th>status</th><th>kind</th></tr>
   *   <tr><td>401, 403, 407</td><td>{@code permission_denied}</td></tr>
   *   <tr><td>404, 410, 501</td><td>{@code tool_not_found}</td></tr>
   *   <tr><td>408, 504, 524, 598, 599</td><td>{@code timeout}</td></tr>
   *   <tr><td>423, 451</td><td>{@code policy_blocked}</td></tr>
   *   <tr><td>402, 429, 529</td><td>{@code rate_limited} (402: the tool API's credits or plan
   *       used up, a cap on its use)</td></tr>
   *   <tr><td>502, 503</td><td>{@code transport_error}</td></tr>
   *   <tr><td>521, 522, 523, 525, 526</td><td>{@code tool_unavailable} (never connected)</td></tr>
   *   <tr><td>409, 500, any other 5xx</td><td>{@code execution_failed}</td></tr>
   *   <tr><td>400, 422, any other 4xx</td><td>{@code invalid_arguments}</td></tr>
   * </table>
   *
   * <p>{@link #statusKind(int, boolean)} reads 405 from an idempotent endpoint as {@code
   * tool_unavailable}.
   */
  static ToolFailureKind statusKind(int status, boolean idempotent) {
    // 405 from an idempotent endpoint: this server does not take the method, so nothing ran and
    // another agent's tool may. From a non-idempotent one it stays a settled invalid_arguments.
    return status == 405 && idempotent ? TOOL_UNAVAILABLE : statusKind(status);
  }

  static ToolFailureKind statusKind(int status) {
    if (status < 400 || status > 599) {
      return null;
    }
    return switch (status) {
      case 401, 403, 407 -> PERMISSION_DENIED;
      case 404, 410, 501 -> TOOL_NOT_FOUND;
      case 408, 504, 524, 598, 599 -> TIMEOUT;
      case 423, 451 -> POLICY_BLOCKED;
      // 402: the tool's API refused the call for its account's credits or plan, a cap on its use
      case 402, 429, 529 -> RATE_LIMITED;
      case 502, 503 -> TRANSPORT_ERROR;
      case 409, 500 -> EXECUTION_FAILED;
      case 521, 522, 523, 525, 526 -> TOOL_UNAVAILABLE;
      default -> status < 500 ? INVALID_ARGUMENTS : EXECUTION_FAILED;
    };
  }

  /**
   * The decision table (ADR 0001). A non-idempotent timeout or transport error is rewritten here to
   * {@code ambiguous_outcome}, keeping what was observed in {@code observedKind}.
   */
  static ToolDecision decide(ToolFailureKind kind, boolean idempotent) {
    return switch (kind) {
      case AMBIGUOUS_OUTCOME -> ambiguous(kind);
      case TOOL_NOT_FOUND, TOOL_UNAVAILABLE -> failover(kind, true);
      case INVALID_ARGUMENTS, PERMISSION_DENIED, POLICY_BLOCKED -> failClosed(kind);
      case TIMEOUT, TRANSPORT_ERROR -> idempotent ? retry(kind) : ambiguous(kind);
      case RATE_LIMITED -> idempotent ? retry(kind) : failover(kind, true);
      case EXECUTION_FAILED -> idempotent ? failover(kind, true) : failClosed(kind);
      case UNKNOWN -> failover(kind, idempotent);
    };
  }

  /** Whether the failure says something about the agent's health rather than about the call. */
  static boolean countsAgainstHealth(ToolFailureKind observed) {
    return switch (observed) {
      case TOOL_UNAVAILABLE,
          TIMEOUT,
          RATE_LIMITED,
          TRANSPORT_ERROR,
          EXECUTION_FAILED,
          AMBIGUOUS_OUTCOME,
          UNKNOWN ->
          true;
      case TOOL_NOT_FOUND, INVALID_ARGUMENTS, PERMISSION_DENIED, POLICY_BLOCKED -> false;
    };
  }

  private static ToolDecision retry(ToolFailureKind kind) {
    return ToolDecision.of(
        kind, kind, ToolAction.RETRY_SAME_AGENT, true, countsAgainstHealth(kind));
  }

  private static ToolDecision failover(ToolFailureKind kind, boolean retrySafe) {
    return ToolDecision.of(
        kind, kind, ToolAction.FAILOVER_AGENT, retrySafe, countsAgainstHealth(kind));
  }

  private static ToolDecision failClosed(ToolFailureKind kind) {
    return ToolDecision.of(kind, kind, ToolAction.FAIL_CLOSED, false, countsAgainstHealth(kind));
  }

  private static ToolDecision ambiguous(ToolFailureKind observed) {
    return ToolDecision.of(
        AMBIGUOUS_OUTCOME, observed, ToolAction.FAIL_CLOSED, false, countsAgainstHealth(observed));
  }

  private static ToolFailureKind typeKind(Throwable t) {
    for (TypeRow row : TYPES) {
      if (row.type().isInstance(t)) {
        return row.kind();
      }
    }
    return null;
  }

  // The message as the wording rows and the printed status read it: its first MAX_WORDING_CHARS,
  // lower-cased; null when there is none.
  private static String readable(String message) {
    if (message == null || message.isBlank()) {
      return null;
    }
    return (message.length() > MAX_WORDING_CHARS
            ? message.substring(0, MAX_WORDING_CHARS)
            : message)
        .toLowerCase(Locale.ROOT);
  }

  /**
   * An HTTP status a client printed in its message: axios "Request failed with status code 403",
   * python-requests "409 Client Error: Conflict for url", httpx "Server error '500 Internal Server
   * Error'", urllib "HTTP Error 401", the MCP TypeScript SDK "Error POSTing to endpoint (HTTP 500)"
   * and "Non-200 status code (502)", the MCP Java SDK "non-OK HTTP code: 500", {@code
   * HttpURLConnection} "Server returned HTTP response code: 500", Spring's WebClient "500 Internal
   * Server Error from POST", a tool's "GitHub API error: 401", "googleapi: Error 400" or "502: Bad
   * Gateway" or "request failed: 401"; or a message that is only a reason phrase ("Internal Server
   * Error"). Only 4xx and 5xx count.
   *
   * @param text the message, as {@link #readable(String)} gives it
   */
  static Integer printedStatus(String text) {
    Matcher m = PRINTED_STATUS.matcher(text);
    if (m.find()) {
      return Integer.valueOf(m.group(1) != null ? m.group(1) : m.group(2));
    }
    String phrase = text.strip();
    if (phrase.endsWith(".")) {
      phrase = phrase.substring(0, phrase.length() - 1);
    }
    return REASON_PHRASES.get(phrase);
  }

  private static final Pattern PRINTED_STATUS =
      Regexes.compile(
          "(?:\\bstatus(?: code)?|\\bhttp(?:/\\d(?:\\.\\d)?)?(?: error| code| status(?: code)?)?"
              + "|\\bresponse code|\\berror(?: code)?|\\brequest failed)[\\s:=('\"]*([45]\\d\\d)\\b"
              + "|\\b([45]\\d\\d):? (?:client error|server error|bad request|unauthorized|forbidden"
              + "|proxy authentication required|conflict|precondition failed|payload too large"
              + "|unprocessable (?:entity|content)|locked|unavailable for legal reasons"
              + "|internal server error|bad gateway|service unavailable|gateway time-?out)\\b");

  // A message that is only a reason phrase, as a server's default error page or body says it.
  private static final Map<String, Integer> REASON_PHRASES =
      Map.ofEntries(
          Map.entry("bad request", 400),
          Map.entry("conflict", 409),
          Map.entry("precondition failed", 412),
          Map.entry("unprocessable entity", 422),
          Map.entry("unprocessable content", 422),
          Map.entry("internal server error", 500),
          Map.entry("bad gateway", 502));

  /** {@code new RuntimeException(cause)} takes the cause's toString as its message. */
  private static boolean messageIsJustTheCause(Throwable t) {
    Throwable cause = t.getCause();
    return cause != null && cause.toString().equals(t.getMessage());
  }

  private static void appendWording(StringBuilder wording, String message) {
    if (message == null || wording.length() >= MAX_WORDING_CHARS) {
      return;
    }
    wording.append(message, 0, Math.min(message.length(), MAX_WORDING_CHARS - wording.length()));
    wording.append('\n');
  }
}
