package org.dbstudy.generator.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.SampleLabels;
import org.dbstudy.jmeter.RetryOn;
import org.dbstudy.jmeter.SamplerField;
import org.dbstudy.jmeter.TransactionMode;

/**
 * S2's school database, reduced to eight related tables (7390 generated rows, the same on every
 * run), with light and heavy SELECTs and UPDATEs and three ways of handling lock contention. The setUp
 * drops and creates the tables, and refuses first if one of them is a table dbstudy did not create.
 */
final class SchoolWorkload implements Workload {
    static final int STUDENTS = 1000;
    static final int DEPARTMENTS = 10;
    static final int HOT_SECTIONS = 3;
    static final List<String> QUERIES = List.of("select-low", "select-high", "update-low", "update-high");
    static final List<String> VARIANTS = List.of("plain", "lock_wait_timeout", "get_lock");

    /** Parents before children; dropped in reverse. */
    private static final List<String> TABLES = List.of("school_departments", "school_teachers", "school_students",
            "school_courses", "school_rooms", "school_sections", "school_enrollments", "school_grades");

    @Override
    public String name() {
        return "school";
    }

    @Override
    public String description() {
        return "S2: eight related school tables; key lookups, a 5-table aggregate, single-row and hot-section updates";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                new Parameter("lock_wait_timeout_ms", "2000", LevelRule.wholeNumber(0, 3_600_000),
                        "row-lock wait timeout of variant lock_wait_timeout (innodb_lock_wait_timeout / lock_timeout)"),
                new Parameter("lock_timeout_s", "10", LevelRule.wholeNumber(0, 3600),
                        "how long variant get_lock waits for the named lock"),
                Parameter.REUSE);
    }

    @Override
    public Map<String, List<String>> choices() {
        Map<String, List<String>> c = new LinkedHashMap<>();
        c.put("query", QUERIES);
        c.put("variant", VARIANTS);
        return c;
    }

    @Override
    public SetUpTables setUpTables(CellValues cell) {
        return new SetUpTables("drops and re-creates", TABLES);
    }

    @Override
    public SamplerSpec setUp(CellValues cell) {
        List<String> sql = new ArrayList<>();
        for (int i = TABLES.size() - 1; i >= 0; i--) {
            sql.add("DROP TABLE IF EXISTS " + TABLES.get(i));
        }
        sql.add("CREATE TABLE school_departments (id int PRIMARY KEY, name varchar(50) NOT NULL)");
        sql.add("CREATE TABLE school_teachers (id int PRIMARY KEY, department_id int NOT NULL, name varchar(50),"
                + " salary int, FOREIGN KEY (department_id) REFERENCES school_departments (id))");
        sql.add("CREATE TABLE school_students (id int PRIMARY KEY, name varchar(50), year int, credits int)");
        sql.add("CREATE TABLE school_courses (id int PRIMARY KEY, department_id int NOT NULL, title varchar(80),"
                + " credits int, FOREIGN KEY (department_id) REFERENCES school_departments (id))");
        sql.add("CREATE TABLE school_rooms (id int PRIMARY KEY, building varchar(20), capacity int)");
        sql.add("CREATE TABLE school_sections (id int PRIMARY KEY, course_id int NOT NULL, teacher_id int NOT NULL,"
                + " room_id int NOT NULL, term varchar(10), FOREIGN KEY (course_id) REFERENCES school_courses (id),"
                + " FOREIGN KEY (teacher_id) REFERENCES school_teachers (id),"
                + " FOREIGN KEY (room_id) REFERENCES school_rooms (id))");
        sql.add("CREATE TABLE school_enrollments (id int PRIMARY KEY, student_id int NOT NULL, section_id int NOT NULL,"
                + " status varchar(10), changes int, FOREIGN KEY (student_id) REFERENCES school_students (id),"
                + " FOREIGN KEY (section_id) REFERENCES school_sections (id))");
        sql.add("CREATE TABLE school_grades (id int PRIMARY KEY, enrollment_id int NOT NULL, points int,"
                + " FOREIGN KEY (enrollment_id) REFERENCES school_enrollments (id))");
        String owned = Parameter.ownedTables(cell, TABLES);
        if (!owned.isEmpty()) {
            TABLES.forEach(t -> sql.add(cell.sql().markCreated(t)));
        }
        sql.add("CREATE INDEX school_enrollments_section ON school_enrollments (section_id)");
        sql.add("CREATE INDEX school_grades_enrollment ON school_grades (enrollment_id)");
        sql.add("CREATE INDEX school_sections_course ON school_sections (course_id)");
        sql.addAll(cell.sql().numbersSetup());
        load(sql, cell, "school_departments (id, name)", "n, CONCAT('department-', n)", DEPARTMENTS);
        load(sql, cell, "school_teachers (id, department_id, name, salary)",
                "n, MOD(n - 1, " + DEPARTMENTS + ") + 1, CONCAT('teacher-', n), 30000 + MOD(n * 7919, 40000)", 100);
        load(sql, cell, "school_students (id, name, year, credits)",
                "n, CONCAT('student-', n), MOD(n, 4) + 1, 0", STUDENTS);
        load(sql, cell, "school_courses (id, department_id, title, credits)",
                "n, MOD(n - 1, " + DEPARTMENTS + ") + 1, CONCAT('course-', n), MOD(n, 5) + 1", 50);
        load(sql, cell, "school_rooms (id, building, capacity)",
                "n, CONCAT('building-', MOD(n, 5)), 20 + MOD(n * 7, 40)", 30);
        load(sql, cell, "school_sections (id, course_id, teacher_id, room_id, term)",
                "n, MOD(n - 1, 50) + 1, MOD(n - 1, 100) + 1, MOD(n - 1, 30) + 1, CONCAT('term-', MOD(n, 2) + 1)", 200);
        load(sql, cell, "school_enrollments (id, student_id, section_id, status, changes)",
                "n, MOD(n - 1, " + STUDENTS + ") + 1, MOD(n - 1, 200) + 1, 'active', 0", 3000);
        load(sql, cell, "school_grades (id, enrollment_id, points)", "n, n, MOD(n * 37, 101)", 3000);
        return new SamplerSpec(SampleLabels.setUp("school")).set(SamplerField.TRANSACTION_MODE, TransactionMode.AUTOCOMMIT)
                .set(SamplerField.OWNED_TABLES, owned).statements(sql);
    }

    private static void load(List<String> sql, CellValues cell, String into, String select, long rows) {
        sql.add("INSERT INTO " + into + " SELECT " + select + " FROM " + cell.sql().numbers(rows));
    }

    @Override
    public SamplerSpec sample(CellValues cell) {
        String query = cell.factor("query", QUERIES.get(0));
        SamplerSpec spec = new SamplerSpec(query).set(SamplerField.TRANSACTION_MODE, TransactionMode.TRANSACTION).set(SamplerField.SUB_RESULTS, "true");
        switch (query) {
            case "select-low" -> spec.statements(List.of("SELECT id, name, year, credits FROM school_students WHERE id = ?"))
                    .parameters(List.of("${student}"));
            case "select-high" -> spec.statements(List.of("SELECT d.name, c.title, COUNT(e.id) AS enrolled,"
                    + " AVG(g.points) AS mean_points, MAX(r.capacity) AS largest_room"
                    + " FROM school_departments d JOIN school_courses c ON c.department_id = d.id"
                    + " JOIN school_sections s ON s.course_id = c.id JOIN school_rooms r ON r.id = s.room_id"
                    + " JOIN school_enrollments e ON e.section_id = s.id JOIN school_grades g ON g.enrollment_id = e.id"
                    + " GROUP BY d.name, c.title ORDER BY d.name, c.title"));
            case "update-low" -> spec.statements(List.of("UPDATE school_students SET credits = credits + 1 WHERE id = ?"))
                    .parameters(List.of("${student}"));
            case "update-high" -> spec.statements(List.of(
                    "UPDATE school_enrollments SET changes = changes + 1 WHERE section_id = ?"))
                    .parameters(List.of("${hot_section}"));
            default -> throw new IllegalArgumentException("unknown school query " + query);
        }
        String variant = cell.factor("variant", VARIANTS.get(0));
        switch (variant) {
            case "plain" -> { }
            case "lock_wait_timeout" -> spec.set(SamplerField.LOCK_WAIT_TIMEOUT_MS, cell.parameter("lock_wait_timeout_ms"))
                    .set(SamplerField.RETRY_ON, RetryOn.NONE);
            case "get_lock" -> spec.namedLock("school-" + query, cell.parameter("lock_timeout_s"));
            default -> throw new IllegalArgumentException("unknown school variant " + variant);
        }
        return spec;
    }

    @Override
    public List<RandomVariable> randomVariables(CellValues cell) {
        return switch (cell.factor("query", QUERIES.get(0))) {
            case "select-low", "update-low" -> List.of(new RandomVariable("student", 1, STUDENTS));
            case "update-high" -> List.of(new RandomVariable("hot_section", 1, HOT_SECTIONS));
            default -> List.of();
        };
    }
}
