package dev.orchestrator.engine.chat;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What a chat completions {@code file} part holds, read for a protocol that takes a PDF only in a
 * form of its own (Anthropic Messages: a {@code document} block with a base64 source): the PDF
 * itself, given inline, or the first field that keeps the part from being one. OpenAI's part is
 * {@code {"type": "file", "file": {"file_data": "data:application/pdf;base64,…", "filename": …}}}
 * or {@code {"type": "file", "file": {"file_id": …}}} for a file uploaded to OpenAI
 * (https://platform.openai.com/docs/guides/pdf-files); only the inline form carries what another
 * provider can read. Planning ({@code ProtocolFit}) and the encoder read a part through this one
 * reader, so what is planned is what is sent. Implementations are immutable records.
 */
public sealed interface PdfPart permits PdfPart.Inline, PdfPart.Unusable {

  /** The media type of the only file a chat completions {@code file} part takes. */
  String PDF = "application/pdf";

  /**
   * A PDF given inline.
   *
   * @param filename {@code file.filename}, or {@code null} when the part names none (or a blank
   *     one)
   * @param base64Data the base64 data of {@code file.file_data}'s {@code data:} URL, as written
   */
  record Inline(String filename, String base64Data) implements PdfPart {
    /** Validates. */
    public Inline {
      Objects.requireNonNull(base64Data, "base64Data");
    }

    @Override
    public String toString() {
      // Never print megabytes of base64 into a log line.
      return "Inline[" + filename + ", " + base64Data.length() + " base64 chars]";
    }
  }

  /**
   * A part that is not a PDF given inline.
   *
   * @param field the field at fault, relative to the part ({@code file.file_id}, {@code
   *     file.file_data}, {@code cache_control}), or empty for the part as a whole
   * @param problem what it holds instead ({@code "an uploaded file's id"}, {@code "missing"})
   */
  record Unusable(String field, String problem) implements PdfPart {
    /** Validates. */
    public Unusable {
      Objects.requireNonNull(field, "field");
      Objects.requireNonNull(problem, "problem");
    }
  }

  /**
   * Reads {@code part}, a raw part of type {@code file}: {@link Inline} when it is exactly a type
   * and a {@code file} object of {@code file_data} (a {@code data:application/pdf;base64,} URL with
   * data) and an optional {@code filename} string; else {@link Unusable} naming the first field at
   * fault. A field the reader does not know (a {@code file_id} beside the data, a {@code
   * cache_control}) is at fault too: a translation would leave it out, and nothing is left out
   * silently.
   */
  static PdfPart read(ContentPart.Raw part) {
    Objects.requireNonNull(part, "part");
    if (!part.type().equals("file")) {
      return new Unusable("type", part.type() + ", not a file part");
    }
    Object parsed;
    try {
      parsed = JsonText.parse(part.json());
    } catch (IllegalArgumentException e) {
      return new Unusable("", e.getMessage());
    }
    if (!(parsed instanceof Map<?, ?> whole)) {
      return new Unusable("", "not a JSON object");
    }
    if (!"file".equals(whole.get("type"))) {
      return new Unusable("type", "not \"file\"");
    }
    for (Object key : whole.keySet()) {
      if (!key.equals("type") && !key.equals("file")) {
        return new Unusable((String) key, "a field no other protocol's PDF has");
      }
    }
    if (!(whole.get("file") instanceof Map<?, ?> file)) {
      return new Unusable("file", whole.containsKey("file") ? "not an object" : "missing");
    }
    if (file.containsKey("file_id")) {
      return new Unusable(
          "file.file_id", "an uploaded file's id, readable only where it was stored");
    }
    for (Object key : file.keySet()) {
      if (!key.equals("file_data") && !key.equals("filename")) {
        return new Unusable("file." + key, "a field no other protocol's PDF has");
      }
    }
    Object name = file.get("filename");
    if (name != null && !(name instanceof String)) {
      return new Unusable("file.filename", "not a string");
    }
    Object data = file.get("file_data");
    if (data == null) {
      return new Unusable("file.file_data", "missing");
    }
    if (!(data instanceof String url)) {
      return new Unusable("file.file_data", "not a string");
    }
    if (!url.regionMatches(true, 0, "data:", 0, 5)) {
      return new Unusable("file.file_data", "not a data: URL");
    }
    int comma = url.indexOf(',');
    String head = comma < 0 ? url.substring(5) : url.substring(5, comma);
    if (comma < 0 || !head.toLowerCase(Locale.ROOT).endsWith(";base64")) {
      return new Unusable("file.file_data", "a data: URL without base64 data");
    }
    String mediaType = head.substring(0, head.length() - ";base64".length());
    if (!mediaType.equalsIgnoreCase(PDF)) {
      return new Unusable(
          "file.file_data", (mediaType.isEmpty() ? "no media type" : mediaType) + ", not " + PDF);
    }
    String base64 = url.substring(comma + 1);
    if (base64.isBlank()) {
      return new Unusable("file.file_data", "no data");
    }
    for (int k = 0; k < base64.length(); k++) {
      char c = base64.charAt(k);
      boolean ok =
          c >= 'A' && c <= 'Z'
              || c >= 'a' && c <= 'z'
              || c >= '0' && c <= '9'
              || c == '+'
              || c == '/'
              || c == '='
              || Character.isWhitespace(c);
      if (!ok) {
        return new Unusable("file.file_data", "data that is not base64");
      }
    }
    String filename = name == null || ((String) name).isBlank() ? null : (String) name;
    return new Inline(filename, base64);
  }
}
