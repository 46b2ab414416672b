package dev.orchestrator.providers.internal.wire;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An incremental Server-Sent Events decoder. It collects raw bytes and decodes a line only once it
 * is complete, so a chunk boundary may fall anywhere, even inside a multi-byte UTF-8 character.
 * Lines end with CRLF, LF or CR; {@code data:} with or without the space; comment lines ({@code :
 * ping}) are skipped; several {@code data:} lines of one event are joined with {@code \n}. Both a
 * line and a whole event are bounded, so a misbehaving upstream cannot grow one event without
 * limit. Not thread-safe: one reader per stream.
 */
public final class SseReader {

  /** Receives decoded events. */
  @FunctionalInterface
  public interface Handler {
    /**
     * One event.
     *
     * @param event the {@code event:} name, or {@code "message"} when the event named none
     * @param data the event data (data lines joined with {@code \n})
     * @return whether to keep reading; {@code false} stops dispatching for good
     */
    boolean onEvent(String event, String data);
  }

  /** A line or an event longer than its bound: the stream is not SSE we can trust. */
  public static final class MalformedStreamException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedStreamException(String message) {
      super(message);
    }
  }

  private final int maxLineBytes;
  private final long maxEventBytes;
  private byte[] line = new byte[256];
  private int lineLength;
  private boolean lastWasCr;
  private boolean atStart = true;
  private boolean stopped;
  private final StringBuilder data = new StringBuilder();
  private boolean hasData;
  private long eventBytes;
  private String eventName;

  /**
   * A reader bounding each line.
   *
   * @param maxLineBytes the longest line accepted, in bytes
   */
  public SseReader(int maxLineBytes) {
    this(maxLineBytes, maxLineBytes);
  }

  /**
   * A reader bounding each line and each event (the sum of its {@code data:} lines).
   *
   * @param maxLineBytes the longest line accepted, in bytes
   * @param maxEventBytes the largest event accepted, in bytes of data
   */
  public SseReader(int maxLineBytes, long maxEventBytes) {
    if (maxLineBytes < 16) {
      throw new IllegalArgumentException("maxLineBytes: " + maxLineBytes + " (expected: >= 16)");
    }
    if (maxEventBytes < 16) {
      throw new IllegalArgumentException("maxEventBytes: " + maxEventBytes + " (expected: >= 16)");
    }
    this.maxLineBytes = maxLineBytes;
    this.maxEventBytes = maxEventBytes;
  }

  /** Whether a handler asked to stop. */
  public boolean stopped() {
    return stopped;
  }

  /**
   * Feeds bytes; dispatches every event they complete, in order, until the handler asks to stop.
   *
   * @throws MalformedStreamException when a line or an event exceeds its bound
   */
  public void feed(byte[] bytes, int offset, int length, Handler handler)
      throws MalformedStreamException {
    int end = offset + length;
    int i = offset;
    while (i < end && !stopped) {
      byte b = bytes[i];
      if (b == '\n' || b == '\r') {
        if (b == '\r' || !lastWasCr) {
          endLine(handler); // the LF of a CRLF ends nothing more
        }
        lastWasCr = b == '\r';
        i++;
      } else {
        int stop = i + 1;
        while (stop < end && bytes[stop] != '\n' && bytes[stop] != '\r') {
          stop++;
        }
        append(bytes, i, stop - i);
        lastWasCr = false;
        i = stop;
      }
    }
  }

  /**
   * The input ended. An event whose lines were all complete is dispatched (a server that omits the
   * final blank line loses nothing); a partial last line is discarded, never passed on.
   */
  public void endOfInput(Handler handler) {
    if (!stopped && hasData && lineLength == 0) {
      dispatch(handler);
    }
    lineLength = 0;
  }

  private void append(byte[] bytes, int offset, int count) throws MalformedStreamException {
    if (count > maxLineBytes - lineLength) {
      throw new MalformedStreamException(
          "SSE line longer than " + maxLineBytes + " bytes (expected: a bounded event)");
    }
    if (lineLength + count > line.length) {
      line =
          Arrays.copyOf(
              line, Math.min(maxLineBytes, Math.max(lineLength + count, line.length * 2)));
    }
    System.arraycopy(bytes, offset, line, lineLength, count);
    lineLength += count;
  }

  private void endLine(Handler handler) throws MalformedStreamException {
    String text = new String(line, 0, lineLength, StandardCharsets.UTF_8);
    int bytes = lineLength;
    lineLength = 0;
    if (atStart) {
      atStart = false;
      if (text.startsWith("\uFEFF")) {
        text = text.substring(1); // UTF-8 byte order mark
        bytes -= 3;
      }
    }
    if (text.isEmpty()) {
      dispatch(handler);
      return;
    }
    int colon = text.indexOf(':');
    if (colon == 0) {
      return; // comment / keep-alive
    }
    String field = colon < 0 ? text : text.substring(0, colon);
    int value = colon < 0 ? text.length() : text.startsWith(" ", colon + 1) ? colon + 2 : colon + 1;
    if (field.equals("data")) {
      eventBytes += bytes; // the data line as received, field name included
      if (eventBytes > maxEventBytes) {
        throw new MalformedStreamException(
            "SSE event larger than "
                + maxEventBytes
                + " bytes (maxEventBytes; expected: a bounded event)");
      }
      if (hasData) {
        data.append('\n');
      }
      data.append(text, value, text.length());
      hasData = true;
    } else if (field.equals("event")) {
      eventName = text.substring(value);
    }
    // id, retry and unknown fields carry nothing we use
  }

  private void dispatch(Handler handler) {
    String name = eventName == null || eventName.isEmpty() ? "message" : eventName;
    String event = data.toString();
    boolean any = hasData;
    data.setLength(0);
    hasData = false;
    eventBytes = 0;
    eventName = null;
    if (any && !handler.onEvent(name, event)) {
      stopped = true;
    }
  }
}
