package org.dbstudy.analysis.report.html;

import org.dbstudy.analysis.report.format.Html;
import org.dbstudy.analysis.report.files.TransactionReport;

/**
 * The transactional workload's own sections (TPC-C, CH-benCHmark, TPC-B): only where the workload
 * has transactions to speak of ({@link TransactionReport#transactional}); a CRUD study has none.
 */
final class TransactionsSection implements ReportSection {
    @Override
    public String id() {
        return "transactions";
    }

    @Override
    public String title() {
        return "Transactions";
    }

    @Override
    public boolean applies(ReportPage page) {
        return TransactionReport.transactional(page.result());
    }

    @Override
    public void write(Html h, ReportPage page) {
        TransactionHtml.write(h, page.result(), id());
    }
}
