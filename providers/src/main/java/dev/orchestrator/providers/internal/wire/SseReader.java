package dev.orchestrator.providers.internal.wire;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An incremental Server-Sent Events decoder. It collects raw bytes and reads a line only once it is
 * complete, so a chunk boundary may fall anywhere, even inside a multi-byte UTF-8 character. Lines
 * end with CRLF, LF or CR; {@code data:} with or without the space; comment lines ({@code : ping})
 * are skipped; several {@code data:} lines of one event are joined with {@code \n}. An event's data
 * is handed over as the bytes that arrived, UTF-8 as the stream sent them, never copied into a
 * string (the handler's JSON reader reads the bytes). Both a line and a whole event are bounded, so
 * a misbehaving upstream cannot grow one event without limit. Not thread-safe: one reader per
 * stream.
 */
public final class SseReader {

  /** Receives decoded events. */
  @FunctionalInterface
  public interface Handler {
    /**
     * One event.
     *
     * @param event the {@code event:} name, or {@code "message"} when the event named none
     * @param data holds the event data (data lines joined with {@code \n}, UTF-8); the reader
     *     reuses the array once this returns, so what is kept must be copied
     * @param offset where the data starts in {@code data}
     * @param length the data's length in bytes
     * @return whether to keep reading; {@code false} stops dispatching for good
     */
    boolean onEvent(String event, byte[] data, int offset, int length);
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
  private byte[] data = new byte[256];
  private int dataLength;
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
    int from = 0;
    int bytes = lineLength;
    lineLength = 0;
    if (atStart) {
      atStart = false;
      if (bytes >= 3
          && line[0] == (byte) 0xEF
          && line[1] == (byte) 0xBB
          && line[2] == (byte) 0xBF) {
        from = 3; // UTF-8 byte order mark
        bytes -= 3;
      }
    }
    if (bytes == 0) {
      dispatch(handler);
      return;
    }
    int end = from + bytes;
    int colon = from;
    while (colon < end && line[colon] != ':') {
      colon++;
    }
    if (colon == from) {
      return; // comment / keep-alive
    }
    int value =
        colon == end ? end : colon + 1 < end && line[colon + 1] == ' ' ? colon + 2 : colon + 1;
    if (field(from, colon, DATA)) {
      eventBytes += bytes; // the data line as received, field name included
      if (eventBytes > maxEventBytes) {
        throw new MalformedStreamException(
            "SSE event larger than "
                + maxEventBytes
                + " bytes (maxEventBytes; expected: a bounded event)");
      }
      if (hasData) {
        appendData(NEWLINE, 0, 1);
      }
      appendData(line, value, end - value);
      hasData = true;
    } else if (field(from, colon, EVENT)) {
      eventName = new String(line, value, end - value, StandardCharsets.UTF_8);
    }
    // id, retry and unknown fields carry nothing we use
  }

  private static final byte[] DATA = {'d', 'a', 't', 'a'};
  private static final byte[] EVENT = {'e', 'v', 'e', 'n', 't'};
  private static final byte[] NEWLINE = {'\n'};

  /** Whether the line's bytes from {@code from} to {@code to} are the field name {@code name}. */
  private boolean field(int from, int to, byte[] name) {
    return Arrays.equals(line, from, to, name, 0, name.length);
  }

  /** Appends to the event's data; its size is bounded by the event bound checked before. */
  private void appendData(byte[] bytes, int offset, int count) {
    if (dataLength + count > data.length) {
      data = Arrays.copyOf(data, Math.max(dataLength + count, data.length * 2));
    }
    System.arraycopy(bytes, offset, data, dataLength, count);
    dataLength += count;
  }

  private void dispatch(Handler handler) {
    String name = eventName == null || eventName.isEmpty() ? "message" : eventName;
    boolean any = hasData;
    int length = dataLength;
    dataLength = 0;
    hasData = false;
    eventBytes = 0;
    eventName = null;
    if (any && !handler.onEvent(name, data, 0, length)) {
      stopped = true;
    }
  }
}
