package org.dbstudy.analysis.reading;

import java.io.IOException;
import java.nio.file.Path;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.dbstudy.vocabulary.ResponseMessages;

/**
 * Reads an XML JTL with StAX: {@code sample} and {@code httpSample} elements, whose attributes
 * carry the row ({@code t} elapsed, {@code ts} timeStamp, {@code lb} label, {@code s} success,
 * {@code rc}, {@code rm}, {@code tn}). Samples inside samples are sub-results. A document that
 * stops early after some samples was cut off (a killed run); any other XML error is bad input.
 */
public final class XmlJtlReader {

    public ReadSummary read(Path file, ResultStream in, boolean strict, Sample.Sink sink)
            throws IOException, AnalysisInputException {
        LineProblems problems = new LineProblems(file, strict);
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        Sample sample = new Sample();
        long rows = 0;
        int depth = 0;
        XMLStreamReader xml = null;
        try {
            xml = factory.createXMLStreamReader(in);
            while (xml.hasNext()) {
                int event = xml.next();
                if (event == XMLStreamConstants.START_ELEMENT && isSample(xml.getLocalName())) {
                    if (fill(xml, sample, depth > 0, problems)) {
                        sink.accept(sample);
                        rows++;
                    }
                    depth++;
                } else if (event == XMLStreamConstants.END_ELEMENT && isSample(xml.getLocalName())) {
                    depth--;
                }
            }
            return new ReadSummary(file, rows, 0, problems.count(), problems.first(), true);
        } catch (XMLStreamException e) {
            long line = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getLineNumber());
            if (rows > 0 && (in.truncated() || in.ended() && endedEarly(e))) {
                return new ReadSummary(file, rows, line, problems.count(), problems.first(), true);
            }
            throw new AnalysisInputException(file, line, "xml", "not well-formed XML ("
                    + e.getMessage().replaceAll("^ParseError at \\[row,col\\]:\\[\\d+,\\d+\\]\\s*Message: ", "")
                    + "); an XML JTL is a <testResults> element holding <sample>/<httpSample> elements");
        } finally {
            if (xml != null) {
                try {
                    xml.close();
                } catch (XMLStreamException e) {
                    // Closing only releases the parser; the input stream is closed by the caller.
                }
            }
        }
    }

    /**
     * Whether the parser failed because the document stopped (the JDK parser's message for a
     * premature end), as opposed to a mismatched or broken tag somewhere inside.
     */
    private static boolean endedEarly(XMLStreamException e) {
        String m = String.valueOf(e.getMessage());
        return m.contains("must start and end within the same entity") || m.contains("end of file")
                || m.contains("Unexpected EOF") || m.contains("Premature end");
    }

    private static boolean isSample(String name) {
        return name.equals("sample") || name.equals("httpSample");
    }

    private static boolean fill(XMLStreamReader xml, Sample s, boolean nested, LineProblems problems)
            throws AnalysisInputException {
        long line = xml.getLocation().getLineNumber();
        String t = xml.getAttributeValue(null, "t");
        String lb = xml.getAttributeValue(null, "lb");
        if (t == null || lb == null) {
            problems.report(line, t == null ? "t" : "lb", "missing attribute; each sample needs t (elapsed ms) and lb (label)");
            return false;
        }
        s.elapsed = parse(t);
        if (s.elapsed < 0) {
            problems.report(line, "t", "'" + t + "' is not a whole, non-negative number of milliseconds");
            return false;
        }
        String ts = xml.getAttributeValue(null, "ts");
        s.timeStamp = ts == null ? 0 : parse(ts);
        if (s.timeStamp == CsvTokenizer.NOT_A_NUMBER) {
            problems.report(line, "ts", "'" + ts + "' is not epoch milliseconds");
            return false;
        }
        s.label = lb;
        s.success = !"false".equalsIgnoreCase(xml.getAttributeValue(null, "s"));
        s.responseCode = xml.getAttributeValue(null, "rc");
        s.responseMessage = xml.getAttributeValue(null, "rm");
        s.tries = ResponseMessages.tries(s.responseMessage);
        String tn = xml.getAttributeValue(null, "tn");
        s.threadName = tn == null ? "" : tn;
        String ct = xml.getAttributeValue(null, "ct");
        s.connect = ct == null ? -1 : parse(ct);
        String na = xml.getAttributeValue(null, "na");
        s.allThreads = na == null ? -1 : parse(na);
        s.intendedStart = -1; // read from CSV JTLs, which dbstudy writes
        s.nested = nested;
        s.line = line;
        return true;
    }

    private static long parse(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return CsvTokenizer.NOT_A_NUMBER;
        }
    }
}
