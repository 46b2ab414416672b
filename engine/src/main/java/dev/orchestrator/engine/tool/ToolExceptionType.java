package dev.orchestrator.engine.tool;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The kinds of exception evidence the classifier distinguishes by type, named as the {@code
 * --exception} values of {@code orchestrator classify-tool} (docs/reference.md §2). Each constant
 * lists the Java types {@link ToolFailureClassifier#classify(Throwable, ToolSpec)} maps onto it.
 */
public enum ToolExceptionType {
  /**
   * The call did not finish in time: {@link java.util.concurrent.TimeoutException}, {@link
   * java.net.SocketTimeoutException}, {@link java.net.http.HttpTimeoutException}, {@link
   * java.nio.channels.InterruptedByTimeoutException}.
   */
  TIMEOUT(ToolFailureKind.TIMEOUT),
  /**
   * The connection broke after the call was sent: {@link java.net.SocketException} ("Connection
   * reset", "Broken pipe"), {@link java.io.EOFException}, {@link
   * java.nio.channels.ClosedChannelException}, {@link javax.net.ssl.SSLException} after the
   * handshake.
   */
  CONNECTION_RESET(ToolFailureKind.TRANSPORT_ERROR),
  /**
   * The call never reached the tool: {@link java.net.ConnectException}, {@link
   * java.net.http.HttpConnectTimeoutException}, {@link java.net.UnknownHostException}, {@link
   * java.net.NoRouteToHostException}, {@link java.nio.channels.UnresolvedAddressException}, {@link
   * javax.net.ssl.SSLHandshakeException}, {@link java.util.concurrent.RejectedExecutionException}.
   * Nothing ran, so this is {@link ToolFailureKind#TOOL_UNAVAILABLE}, not an ambiguous outcome.
   */
  CONNECTION_REFUSED(ToolFailureKind.TOOL_UNAVAILABLE),
  /** Access was refused: {@link java.nio.file.AccessDeniedException}, {@link SecurityException}. */
  PERMISSION(ToolFailureKind.PERMISSION_DENIED),
  /**
   * The agent has no such tool. No JDK type means this (a missing <em>file</em> is something the
   * tool ran into, see {@link ToolFailureClassifier}); frameworks say it with {@link
   * ToolFailureException}.
   */
  NOT_FOUND(ToolFailureKind.TOOL_NOT_FOUND),
  /** Any other exception: no evidence from the type; status and wording decide. */
  OTHER(null);

  private final ToolFailureKind kind;

  ToolExceptionType(ToolFailureKind kind) {
    this.kind = kind;
  }

  /** The kind this type is evidence of, or {@code null} for {@link #OTHER}. */
  public ToolFailureKind kind() {
    return kind;
  }

  /** Lower snake case name ({@code connection_reset}). */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The valid wire names, comma-separated, for error messages. */
  public static String wireNames() {
    return Arrays.stream(values())
        .map(ToolExceptionType::wireName)
        .collect(Collectors.joining(", "));
  }

  /**
   * Parses a wire name.
   *
   * @throws IllegalArgumentException naming the value and the valid ones
   */
  public static ToolExceptionType fromWireName(String name) {
    for (ToolExceptionType t : values()) {
      if (t.wireName().equals(name)) {
        return t;
      }
    }
    throw new IllegalArgumentException(
        "exception: " + name + " (expected one of: " + wireNames() + ")");
  }
}
