package dev.orchestrator.serve.front;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.PdfPart;
import java.util.Iterator;
import java.util.Locale;

/**
 * A chat completions {@code file} part as the fronts hand it to the engine: the part's JSON text,
 * sent as written to OpenAI-protocol routes, and what planning and the Anthropic encoder decide
 * from ({@link PdfPart}), both read from the one tree Jackson parsed — the engine does not read a
 * part's JSON (ADR 0002, ADR 0036's addendum). The chat front's {@code file} parts, the Responses
 * front's {@code input_file} and the Messages front's base64 PDF {@code document} all become one.
 * Stateless.
 */
public final class FileParts {
  /** Why an uploaded file's id cannot be sent to another provider. */
  static final String UPLOADED = "an uploaded file's id, readable only where it was stored";

  /** Why a field beside the PDF keeps the part from being translated. */
  static final String EXTRA = "a field no other protocol's PDF has";

  private FileParts() {}

  /**
   * The part {@code part}, a JSON object of type {@code file}: its text and its facts ({@link
   * #pdf}).
   */
  public static ContentPart.File read(JsonNode part) {
    if (!part.isObject() || !"file".equals(part.path("type").asText(null))) {
      throw new IllegalArgumentException("not a file part object: " + part.getNodeType());
    }
    return new ContentPart.File(part.toString(), pdf(part));
  }

  /**
   * What {@code part} holds for a protocol that takes a PDF only inline: {@link PdfPart.Inline}
   * when it is exactly a type and a {@code file} object of {@code file_data} (a {@code
   * data:application/pdf;base64,} URL with data) and an optional {@code filename} string; else
   * {@link PdfPart.Unusable} naming the first field at fault. A field this does not know (a {@code
   * file_id} beside the data, a {@code cache_control}) is at fault too: a translation would leave
   * it out, and nothing is left out silently. A JSON {@code null} is an absent field.
   */
  static PdfPart pdf(JsonNode part) {
    for (Iterator<String> it = part.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!key.equals("type") && !key.equals("file")) {
        return new PdfPart.Unusable(key, EXTRA);
      }
    }
    JsonNode file = part.get("file");
    if (file == null || file.isNull()) {
      return new PdfPart.Unusable("file", "missing");
    }
    if (!file.isObject()) {
      return new PdfPart.Unusable("file", "not an object");
    }
    if (file.has("file_id")) {
      return new PdfPart.Unusable("file.file_id", UPLOADED);
    }
    for (Iterator<String> it = file.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!key.equals("file_data") && !key.equals("filename")) {
        return new PdfPart.Unusable("file." + key, EXTRA);
      }
    }
    JsonNode name = file.get("filename");
    if (name != null && !name.isNull() && !name.isTextual()) {
      return new PdfPart.Unusable("file.filename", "not a string");
    }
    JsonNode data = file.get("file_data");
    if (data == null || data.isNull()) {
      return new PdfPart.Unusable("file.file_data", "missing");
    }
    if (!data.isTextual()) {
      return new PdfPart.Unusable("file.file_data", "not a string");
    }
    String url = data.asText();
    if (!url.regionMatches(true, 0, "data:", 0, 5)) {
      return new PdfPart.Unusable("file.file_data", "not a data: URL");
    }
    int comma = url.indexOf(',');
    String head = comma < 0 ? url.substring(5) : url.substring(5, comma);
    if (comma < 0 || !head.toLowerCase(Locale.ROOT).endsWith(";base64")) {
      return new PdfPart.Unusable("file.file_data", "a data: URL without base64 data");
    }
    String mediaType = head.substring(0, head.length() - ";base64".length());
    if (!mediaType.equalsIgnoreCase(PdfPart.PDF)) {
      return new PdfPart.Unusable(
          "file.file_data",
          (mediaType.isEmpty() ? "no media type" : mediaType) + ", not " + PdfPart.PDF);
    }
    String base64 = url.substring(comma + 1);
    if (base64.isBlank()) {
      return new PdfPart.Unusable("file.file_data", "no data");
    }
    String filename = name == null || name.isNull() ? null : name.asText();
    try {
      return new PdfPart.Inline(filename, base64);
    } catch (IllegalArgumentException e) {
      return new PdfPart.Unusable("file.file_data", "data that is not base64");
    }
  }
}
