package dev.orchestrator.providers.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An incremental Server-Sent Events decoder working on raw bytes, so a chunk boundary may fall
 * anywhere, even inside a multi-byte UTF-8 character: lines are decoded only once complete. Lines
 * end with CRLF, LF or CR; {@code data:} with or without the space; comment lines ({@code : ping})
 * are skipped; several {@code data:} lines of one event are joined with {@code \n}. Both a line and
 * a whole event are bounded, so a misbehaving upstream cannot grow one event without limit. Not
 * thread-safe: one reader per stream.
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

  private static final byte[] DATA = "data".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] EVENT = "event".getBytes(StandardCharsets.US_ASCII);

  private final int maxLineBytes;
  private final long maxEventBytes;
  private long eventBytes;
  private int lastLineBytes;
  private byte[] line = new byte[256];
  private int lineLength;
  private boolean lastWasCr;
  private boolean atStart = true;
  private boolean stopped;

  /** The event's data lines after the first, joined; empty while it has one line. */
  private final StringBuilder data = new StringBuilder();

  /** The event's first data line, or {@code null} while it has none. */
  private String firstData;

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
      if (b == '\n') {
        i++;
        if (lastWasCr) {
          lastWasCr = false; // second half of CRLF
          continue;
        }
        endLine(handler);
      } else if (b == '\r') {
        i++;
        lastWasCr = true;
        endLine(handler);
      } else {
        lastWasCr = false;
        int stop = i + 1;
        while (stop < end && bytes[stop] != '\n' && bytes[stop] != '\r') {
          stop++;
        }
        append(bytes, i, stop - i); // the rest of the line at once
        i = stop;
      }
    }
  }

  /**
   * The input ended. An event whose lines were all complete is dispatched (a server that omits the
   * final blank line loses nothing); a partial last line is discarded, never passed on.
   */
  public void endOfInput(Handler handler) {
    if (!stopped && firstData != null && lineLength == 0) {
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
      int size = line.length;
      while (size < lineLength + count) {
        size *= 2;
      }
      line = Arrays.copyOf(line, Math.min(maxLineBytes, size));
    }
    System.arraycopy(bytes, offset, line, lineLength, count);
    lineLength += count;
  }

  private void endLine(Handler handler) throws MalformedStreamException {
    int start = 0;
    if (atStart) {
      atStart = false;
      if (lineLength >= 3
          && line[0] == (byte) 0xEF
          && line[1] == (byte) 0xBB
          && line[2] == (byte) 0xBF) {
        start = 3; // UTF-8 byte order mark
      }
    }
    int length = lineLength;
    lastLineBytes = length - start;
    lineLength = 0;
    if (length == start) {
      dispatch(handler);
      return;
    }
    if (line[start] == ':') {
      return; // comment / keep-alive
    }
    // The field name is ASCII (a colon cannot be inside a UTF-8 sequence), the value is decoded
    // once, straight from the bytes.
    int colon = start;
    while (colon < length && line[colon] != ':') {
      colon++;
    }
    int value = colon < length ? colon + 1 : length;
    if (value < length && line[value] == ' ') {
      value++;
    }
    if (isField(start, colon, DATA)) {
      eventBytes += lastLineBytes; // the data line as received, field name included
      if (eventBytes > maxEventBytes) {
        throw new MalformedStreamException(
            "SSE event larger than "
                + maxEventBytes
                + " bytes (maxEventBytes; expected: a bounded event)");
      }
      String text = new String(line, value, length - value, StandardCharsets.UTF_8);
      if (firstData == null) {
        firstData = text; // most events have one data line: no joining
      } else {
        if (data.length() == 0) {
          data.append(firstData);
        }
        data.append('\n').append(text);
      }
    } else if (isField(start, colon, EVENT)) {
      eventName = new String(line, value, length - value, StandardCharsets.UTF_8);
    }
    // id, retry and unknown fields carry nothing we use
  }

  private boolean isField(int start, int end, byte[] name) {
    return end - start == name.length && Arrays.equals(line, start, end, name, 0, name.length);
  }

  private void dispatch(Handler handler) {
    eventBytes = 0;
    if (firstData != null) {
      String name = eventName == null || eventName.isEmpty() ? "message" : eventName;
      String d = data.length() == 0 ? firstData : data.toString();
      data.setLength(0);
      firstData = null;
      eventName = null;
      if (!handler.onEvent(name, d)) {
        stopped = true;
      }
    } else {
      eventName = null;
    }
  }
}
