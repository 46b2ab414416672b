package dev.orchestrator.serve.front;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.serve.http.Json;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Streamed tool calls put one after the other, for a front whose grammar streams one call at a time
 * (the Messages front's {@code tool_use} blocks, the Responses front's {@code function_call}
 * items). The chat completions grammar names each fragment's call by {@code index}, so a route may
 * interleave parallel calls — a piece of call 0's arguments after call 1 began — which such a
 * grammar cannot say once call 0's block is closed. The call streaming now passes its fragments on
 * as they come; a call that starts before it is complete is held, its fragments gathered, and
 * passed on as one fragment when its turn comes (in index order), then streams on. The streaming
 * call is complete when its whole call arrives ({@link #complete}), or when, as the next call
 * starts, its arguments so far are a whole JSON object (only whitespace can follow one) — so calls
 * that stream one after the other, as almost every route sends them, still stream live. Used by the
 * one thread handling the request. Not thread-safe.
 */
public final class ToolCallSequence {
  private static final ObjectReader WHOLE =
      Json.MAPPER.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private final Consumer<ToolCallDelta> out;
  private final Set<Integer> started = new HashSet<>(); // calls whose first fragment arrived
  private final Set<Integer> completed = new HashSet<>(); // calls whose whole call arrived
  private final TreeMap<Integer, Held> held = new TreeMap<>(); // started, not yet passed on
  private int streaming = -1; // the call passed on last, or -1
  private final StringBuilder streamingArguments = new StringBuilder();

  /** A call held back: its first fragment with every later piece gathered into it. */
  private static final class Held {
    final ToolCallDelta first;
    final StringBuilder arguments;
    String thoughtSignature;

    Held(ToolCallDelta first) {
      this.first = first;
      this.arguments = new StringBuilder(first.argumentsFragment());
      this.thoughtSignature = first.thoughtSignature();
    }

    ToolCallDelta gathered() {
      return new ToolCallDelta(
          first.index(), first.id(), first.name(), arguments.toString(), thoughtSignature);
    }
  }

  /** A sequence passing the fragments on to {@code out}, one call after the other. */
  public ToolCallSequence(Consumer<ToolCallDelta> out) {
    this.out = out;
  }

  /** A fragment as the engine delivered it ({@code StreamListener.onToolCallDelta}). */
  public void fragment(ToolCallDelta d) {
    int index = d.index();
    if (d.name() != null && started.add(index)) {
      advance();
      if (held.isEmpty() && streamingComplete()) {
        stream(d);
      } else {
        held.put(index, new Held(d));
      }
      return;
    }
    Held h = held.get(index);
    if (h != null) {
      h.arguments.append(d.argumentsFragment());
      if (d.thoughtSignature() != null) {
        h.thoughtSignature = d.thoughtSignature();
      }
      return;
    }
    if (index == streaming) {
      streamingArguments.append(d.argumentsFragment());
    }
    out.accept(d);
  }

  /**
   * The call at {@code index} is whole ({@code StreamListener.onToolCall}, calls in index order):
   * held calls whose turn it now is are passed on.
   *
   * @return whether the call was streamed (its fragments passed on or held), so that only a call
   *     that arrived whole alone is for the front to send whole
   */
  public boolean complete(int index) {
    completed.add(index);
    advance();
    return started.contains(index);
  }

  /** The answer is over: every call still held is passed on, in index order. */
  public void flush() {
    while (!held.isEmpty()) {
      release();
    }
  }

  private void advance() {
    while (!held.isEmpty() && streamingComplete()) {
      release();
    }
  }

  private void release() {
    Map.Entry<Integer, Held> next = held.pollFirstEntry();
    stream(next.getValue().gathered());
  }

  private void stream(ToolCallDelta first) {
    streaming = first.index();
    streamingArguments.setLength(0);
    streamingArguments.append(first.argumentsFragment());
    out.accept(first);
  }

  /** Whether no call streams now, or the one that does is complete. */
  private boolean streamingComplete() {
    if (streaming < 0 || completed.contains(streaming)) {
      return true;
    }
    try {
      return WHOLE.readTree(streamingArguments.toString()) instanceof ObjectNode;
    } catch (JsonProcessingException e) {
      return false;
    }
  }
}
