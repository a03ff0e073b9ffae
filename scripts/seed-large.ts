// `npm run seed:large`: fills the PostgreSQL database at DATABASE_URL with a marketplace at scale for the
// benchmark: 100,000 sharks (~90% published) with their calendars (weekly hours in five zones, a day off
// each), 300,000 courses, 1,000,000 bookings by 50,000 learners (past ones completed or cancelled, the
// next 100 days' requested or confirmed, never overlapping), 200,000 follows and 300,000 ratings. Everything is set-based SQL over generate_series, with the per-row
// counter triggers off during the load and the counters recomputed once at the end, so it takes minutes
// rather than hours. Ids are md5-derived v4 uuids of the row number: random-looking (like gen_random_uuid, so
// indexes are as large as in production) yet computable, so bookings can name their course without a join.
import pg from 'pg';
import { openPostgres } from '#server/db/client.ts';

const SHARKS = 100_000;
const LEARNERS = 50_000;
const COURSES = 300_000;
const BOOKINGS = 1_000_000;
const FOLLOWS = 200_000;
const RATINGS = 300_000;

const FIRST = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Ayaan',
  'Krishna',
  'Ishaan',
  'Ananya',
  'Diya',
  'Saanvi',
  'Aadhya',
  'Pari',
  'Myra',
  'Anika',
  'Navya',
  'Kiara',
  'Riya',
  'Meera',
  'Kavya',
  'Rohan',
  'Karan',
  'Nikhil',
  'Priya',
  'Sneha',
  'Pooja',
  'Rahul',
  'Vikram',
  'Fatima',
  'Yusuf',
  'Ayesha',
  'Imran',
  'Zara',
  'Daniel',
  'Sarah',
  'Lena',
  'Marcus',
  'Elena',
  'Chen',
  'Wei',
  'Samuel',
  'Grace',
  'Tom',
  'Nora',
  'Omar',
  'Leila',
  'Hiro',
  'Yuki',
  'Lucas',
  'Sofia',
  'Mateo',
  'Amara',
  'Kofi',
  'Ingrid',
  'Pavel',
  'Olga',
  'Rafael',
  'Noor',
];
const LAST = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Menon',
  'Reddy',
  'Rao',
  'Kulkarni',
  'Desai',
  'Joshi',
  'Kapoor',
  'Malhotra',
  'Banerjee',
  'Chatterjee',
  'Mukherjee',
  'Pillai',
  'Gupta',
  'Agarwal',
  'Mehta',
  'Shah',
  'Patel',
  'Khan',
  'Qureshi',
  'Sheikh',
  'Fernandes',
  "D'Souza",
  'Thomas',
  'George',
  'Okafor',
  'Adeyemi',
  'Fischer',
  'Petrova',
  'Haddad',
  'Webb',
  'Tanaka',
  'Sato',
  'Silva',
  'Costa',
  'Novak',
  'Larsen',
  'Mensah',
  'Hassan',
  'Kowalski',
  'Moreau',
  'Rossi',
  'Lindqvist',
  'Ortiz',
  'Park',
  'Kim',
  'Nguyen',
];
const CODE_NAMES = [
  'Hammerhead',
  'Mako',
  'Great White',
  'Tiger',
  'Bull',
  'Thresher',
  'Lemon',
  'Reef',
  'Nurse',
  'Goblin',
  'Wobbegong',
  'Sixgill',
  'Dogfish',
  'Angel',
  'Basking',
  'Whale',
  'Blue Fin',
  'Silky',
  'Sand Tiger',
  'Epaulette',
];
const OPENERS = [
  'Penetration tester',
  'Red team operator',
  'Cloud security engineer',
  'Incident responder',
  'Application security lead',
  'Threat hunter',
  'Security researcher',
  'Malware analyst',
  'DevSecOps engineer',
  'Forensic investigator',
  'Bug bounty hunter',
  'Security architect',
];
const FOCUS = [
  'web applications and APIs',
  'Active Directory attack paths',
  'AWS IAM and GuardDuty',
  'Azure and Entra ID hardening',
  'Kubernetes and container security',
  'ransomware investigations',
  'memory forensics with Volatility',
  'mobile apps on Android and iOS',
  'phishing and social engineering',
  'IoT firmware and hardware hacking',
  'network forensics with Wireshark and Zeek',
  'reverse engineering with Ghidra',
  'GraphQL and OAuth flows',
  'detection engineering with Sigma rules',
  'supply chain and CI/CD pipelines',
  'SOC 2 and ISO 27001 readiness',
];
const STYLE = [
  'Hands-on labs in every session.',
  'Teaches beginners step by step.',
  'Prepares students for OSCP and OSWE.',
  'Real incident stories, no slides.',
  'Pairs with you on your own targets.',
  'Mentors CTF teams on weekends.',
  'Focus on writing reports clients read.',
  'Builds detections with the blue team in the room.',
];
/** The sharks' calendar zones (shark n gets ZONES[n % 5]); bookings are written in their shark's zone. */
const ZONES = ['Asia/Kolkata', 'Europe/London', 'America/New_York', 'Asia/Singapore', 'Europe/Berlin'];
const TITLES = [
  'Web Application Pentesting Bootcamp',
  'API Security Testing',
  'Active Directory Attacks',
  'Adversary Emulation',
  'AWS Security Fundamentals',
  'Kubernetes Hardening',
  'Incident Response Essentials',
  'Memory Forensics',
  'Malware Reverse Engineering',
  'Threat Hunting with Splunk',
  'Phishing Simulation',
  'Cloud Forensics',
];

const sqlArray = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;
/** Element (index mod length) of a literal array; `idx` is an SQL integer expression. */
const pick = (values: string[], idx: string) =>
  `(${sqlArray(values)})[(1 + ((${idx}) % ${values.length}))::int]`;
/** A stable pseudo-random non-negative integer for an SQL integer expression. */
const h = (expr: string) => `(hashint4((${expr})::int)::bigint & 2147483647)`;
/** Course price in rupees, a function of the course number so bookings compute their total without a join. */
const price = (j: string) => `(500 + (${h(`(${j}) * 3 + 11`)} % 40) * 100)::numeric(12,2)`;

/** A valid version-4 uuid (the API's schemas check version and variant) derived from md5 of the row number. */
const id = (kind: string, n: string) =>
  `overlay(overlay(md5('${kind}' || (${n})) placing '4' from 13) placing '8' from 17)::uuid`;

function parseArgs() {
  const force = process.argv.includes('--force');
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'seed:large needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run seed:large',
    );
    process.exit(2);
  }
  return { url, force };
}

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

async function main() {
  const { url, force } = parseArgs();
  const started = performance.now();
  await ensureDatabase(url);
  const migrated = await openPostgres(url, 1);
  await migrated.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, sql: string) => {
    const t = performance.now();
    const res = await client.query(sql);
    console.log(
      `${label.padEnd(34)} ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s${res.rowCount != null && res.command !== 'SET' ? `  (${res.rowCount.toLocaleString('en')} rows)` : ''}`,
    );
  };

  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM sharks');
  if (Number(rows[0].n) > 0 && !force) {
    console.error(
      `The database already holds ${rows[0].n} sharks; run with --force to empty it and seed again.`,
    );
    await client.end();
    process.exit(1);
  }

  // Bulk-load settings for this session only. session_replication_role = replica skips every trigger,
  // the counter triggers and the foreign-key checks (the generated ids are consistent by construction).
  // One transaction: a failed run leaves the database (and its indexes) as it was.
  await client.query('BEGIN');
  await step(
    'session settings',
    `SET session_replication_role = replica; SET synchronous_commit = off; SET maintenance_work_mem = '512MB'; SET work_mem = '256MB'`,
  );
  if (Number(rows[0].n) > 0) {
    const { rows: tables } = await client.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('roles', '__drizzle_migrations')`,
    );
    await step(
      'empty tables (--force)',
      `TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} CASCADE`,
    );
  }

  // The secondary indexes are dropped during the load and rebuilt afterwards: one sorted build is far
  // cheaper than a million random inserts (the trigram GIN indexes above all). Their definitions are read
  // from the catalog, so the migrations stay the single source of truth.
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = 'public'
      AND i.tablename IN ('users', 'profiles', 'user_roles', 'sharks', 'courses', 'course_bookings', 'shark_followers', 'reviews', 'availability_weekly', 'availability_overrides')
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`);
  await step(
    `drop ${indexes.length} secondary indexes`,
    indexes.map((i) => `DROP INDEX "${i.indexname}";`).join('\n'),
  );
  // The overlap constraint too (its GiST index row by row is the slowest part of a load): the bookings that
  // the generator made overlap are cancelled below, then it is added back from its own definition.
  const { rows: exclusions } = await client.query<{ name: string; def: string }>(`
    SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conrelid = 'course_bookings'::regclass AND contype = 'x'`);
  await step(
    `drop ${exclusions.length} exclusion constraint`,
    exclusions.map((c) => `ALTER TABLE course_bookings DROP CONSTRAINT "${c.name}";`).join('\n') ||
      'SELECT 1',
  );

  await step(
    'users (sharks and learners)',
    `
    INSERT INTO users (id, email, email_confirmed_at, created_at)
    SELECT ${id('su', 'n')}, 'shark' || n || '@bench.sharksecurity.in', now(), now() - (n % 900) * interval '1 day'
    FROM generate_series(1, ${SHARKS}) n
    UNION ALL
    SELECT ${id('lu', 'n')}, 'learner' || n || '@bench.sharksecurity.in', now(), now() - (n % 700) * interval '1 day'
    FROM generate_series(1, ${LEARNERS}) n`,
  );
  await step(
    'profiles',
    `
    INSERT INTO profiles (id, full_name, email, phone)
    SELECT ${id('su', 'n')}, ${pick(FIRST, h('n'))} || ' ' || ${pick(LAST, h('n + 1000003'))}, 'shark' || n || '@bench.sharksecurity.in', '+91 9' || lpad((n % 1000000000)::text, 9, '0')
    FROM generate_series(1, ${SHARKS}) n
    UNION ALL
    SELECT ${id('lu', 'n')}, ${pick(FIRST, h('n + 7'))} || ' ' || ${pick(LAST, h('n + 2000003'))}, 'learner' || n || '@bench.sharksecurity.in', '+91 8' || lpad((n % 1000000000)::text, 9, '0')
    FROM generate_series(1, ${LEARNERS}) n`,
  );
  await step(
    'user_roles',
    `
    INSERT INTO user_roles (user_id, role_id)
    SELECT ${id('su', 'n')}, (SELECT id FROM roles WHERE role_name = 'shark') FROM generate_series(1, ${SHARKS}) n
    UNION ALL
    SELECT ${id('lu', 'n')}, (SELECT id FROM roles WHERE role_name = 'user') FROM generate_series(1, ${LEARNERS}) n`,
  );
  await step(
    'sharks',
    `
    INSERT INTO sharks (id, user_id, name, code_name, specialization, experience, bio, photo_url, published)
    SELECT ${id('s', 'n')}, ${id('su', 'n')},
           ${pick(FIRST, h('n'))} || ' ' || ${pick(LAST, h('n + 1000003'))},
           CASE WHEN n % 3 = 0 THEN NULL ELSE ${pick(CODE_NAMES, h('n + 5'))} END,
           (ARRAY['pentesting','red_teaming','cloud_security','forensics'])[(1 + ${h('n + 17')} % 4)::int],
           ${h('n + 23')} % 31,
           CASE WHEN n % 20 = 0 THEN NULL ELSE
             ${pick(OPENERS, h('n + 31'))} || ' with ' || greatest(1, ${h('n + 23')} % 31) || ' years in ' || ${pick(FOCUS, h('n + 37'))} || ' and ' || ${pick(FOCUS, h('n + 41'))} || '. ' || ${pick(STYLE, h('n + 43'))}
           END,
           NULL,
           n % 10 <> 0
    FROM generate_series(1, ${SHARKS}) n`,
  );
  await step(
    'courses',
    `
    INSERT INTO courses (id, shark_id, title, course_code, description, duration, price, created_at)
    SELECT ${id('c', 'j')}, ${id('s', `1 + ${h('j')} % ${SHARKS}`)},
           ${pick(TITLES, h('j + 3'))},
           'CRS-' || upper(lpad(to_hex(j), 6, '0')),
           'Live sessions on ' || ${pick(FOCUS, h('j + 5'))} || ', with labs and a written report at the end.',
           (2 + ${h('j + 7')} % 24)::numeric(6,2),
           ${price('j')},
           now() - (j % 500) * interval '1 day'
    FROM generate_series(1, ${COURSES}) j`,
  );
  // Calendars: every shark has rules (published ones open), weekday hours in two ranges, a Saturday morning
  // for one in three, and one day off in the coming weeks.
  await step(
    'shark_availability',
    `
    INSERT INTO shark_availability (shark_id, time_zone, buffer_minutes, min_notice_minutes, horizon_days, daily_cap, published)
    SELECT ${id('s', 'n')}, ${pick(ZONES, 'n')}, (ARRAY[0, 15, 30, 60])[(1 + n % 4)::int], 720, 60,
           CASE WHEN n % 7 = 0 THEN 4 END, n % 10 <> 0
    FROM generate_series(1, ${SHARKS}) n`,
  );
  await step(
    'availability_weekly',
    `
    INSERT INTO availability_weekly (shark_id, weekday, start_time, end_time)
    SELECT ${id('s', 'n')}, d, r.s, r.e
    FROM generate_series(1, ${SHARKS}) n
    CROSS JOIN generate_series(1, 5) d
    CROSS JOIN (VALUES (time '09:00', time '13:00'), (time '14:00', time '18:00')) r(s, e)
    UNION ALL
    SELECT ${id('s', 'n')}, 6, time '10:00', time '13:00' FROM generate_series(3, ${SHARKS}, 3) n`,
  );
  await step(
    'availability_overrides',
    `
    INSERT INTO availability_overrides (shark_id, date, start_time, end_time)
    SELECT ${id('s', 'n')}, current_date + (3 + ${h('n + 53')} % 50)::int, NULL, NULL FROM generate_series(1, ${SHARKS}) n`,
  );
  // Bookings from 300 days ago to 100 days ahead, on weekday working hours in the shark's zone. Past ones
  // were completed (one in eight cancelled); coming ones are requested or confirmed.
  await step(
    'course_bookings',
    `
    INSERT INTO course_bookings (course_id, user_id, name, email, phone, hours, preferred_date, preferred_time, total_price, created_at,
                                 shark_id, starts_at, ends_at, blocked_until, time_zone, status)
    SELECT b.course_id, ${id('lu', 'b.learner')}, 'Learner ' || b.learner, 'learner' || b.learner || '@bench.sharksecurity.in',
           '+91 8' || lpad(b.learner::text, 9, '0'), b.hours, b.day, b.at,
           ${price('b.course')} * b.hours, now() - (k % 300) * interval '1 day',
           ${id('s', 'b.shark')}, b.starts, b.starts + make_interval(hours => b.hours), b.starts + make_interval(hours => b.hours),
           b.zone,
           CASE WHEN b.starts >= now() THEN (CASE WHEN k % 3 = 0 THEN 'requested' ELSE 'confirmed' END)
                WHEN k % 8 = 0 THEN 'cancelled' ELSE 'completed' END
    FROM generate_series(1, ${BOOKINGS}) k
    CROSS JOIN LATERAL (SELECT 1 + ${h('k')} % ${COURSES} AS course, 1 + ${h('k + 99991')} % ${LEARNERS} AS learner, 1 + k % 4 AS hours) c
    CROSS JOIN LATERAL (SELECT 1 + ${h('c.course')} % ${SHARKS} AS shark) s
    CROSS JOIN LATERAL (SELECT ${pick(ZONES, 's.shark')} AS zone,
                               current_date - 300 + (k % 400) AS day0, time '09:00' + ((k / 7) % (10 - c.hours)) * interval '1 hour' AS at) z
    -- weekdays only: a Saturday or Sunday moves to the Monday after
    CROSS JOIN LATERAL (SELECT z.day0 + (CASE extract(isodow FROM z.day0) WHEN 6 THEN 2 WHEN 7 THEN 1 ELSE 0 END)::int AS day) d
    CROSS JOIN LATERAL (SELECT ${id('c', 'c.course')} AS course_id, c.course, c.learner, c.hours, s.shark, z.zone, d.day, z.at,
                               (d.day + z.at) AT TIME ZONE z.zone AS starts) b`,
  );
  await step(
    'cancel overlapping active bookings',
    `
    UPDATE course_bookings x SET status = 'cancelled', cancelled_by = 'learner'
    WHERE x.status IN ('requested', 'confirmed') AND EXISTS (
      SELECT 1 FROM course_bookings y
      WHERE y.shark_id = x.shark_id AND y.status IN ('requested', 'confirmed') AND y.id < x.id
        AND y.starts_at < x.blocked_until AND x.starts_at < y.blocked_until)`,
  );
  // Each learner follows/rates a few sharks at distinct offsets, so (user, shark) pairs never repeat.
  await step(
    'shark_followers',
    `
    INSERT INTO shark_followers (user_id, shark_id)
    SELECT ${id('lu', `1 + (k - 1) % ${LEARNERS}`)}, ${id('s', `1 + (${h(`1 + (k - 1) % ${LEARNERS}`)} + ((k - 1) / ${LEARNERS}) * 25000) % ${SHARKS}`)}
    FROM generate_series(1, ${FOLLOWS}) k`,
  );
  // Reviews belong to completed sessions (decision 007): the first RATINGS bookings become completed sessions,
  // each with its learner's review.
  await step(
    'reviews',
    `
    WITH picked AS (
      SELECT b.id, b.user_id, c.shark_id, row_number() OVER (ORDER BY b.id) AS k
      FROM course_bookings b JOIN courses c ON c.id = b.course_id
      ORDER BY b.id LIMIT ${RATINGS}
    ), done AS (
      UPDATE course_bookings b SET status = 'completed' FROM picked p WHERE b.id = p.id RETURNING b.id
    )
    INSERT INTO reviews (booking_id, shark_id, user_id, rating, knowledge, preparation, clarity, body)
    SELECT p.id, p.shark_id, p.user_id, r.v, r.v, r.v, r.v, 'A clear, well-prepared session (benchmark data).'
    FROM picked p
    CROSS JOIN LATERAL (SELECT (ARRAY[5,5,5,4,4,4,4,3,3,2,1])[(1 + ${h('p.k + 13')} % 11)::int] AS v) r`,
  );
  // What the triggers would have maintained row by row, computed once for every shark (before the
  // index rebuild, so the update does not maintain ten indexes row by row).
  await step(
    'recompute shark counters',
    `
    UPDATE sharks s SET student_count = coalesce(st.n, 0), avg_rating = rt.avg, review_count = coalesce(rt.n, 0), rating_score = rt.score, min_price = pr.min
    FROM sharks base
    LEFT JOIN (SELECT c.shark_id, count(DISTINCT b.user_id)::int AS n FROM course_bookings b JOIN courses c ON c.id = b.course_id GROUP BY c.shark_id) st ON st.shark_id = base.id
    LEFT JOIN (SELECT shark_id, round(avg(rating), 2) AS avg, count(*)::int AS n, round((5 * 4.0 + sum(rating)) / (5 + count(*)), 4) AS score
               FROM reviews WHERE hidden_at IS NULL GROUP BY shark_id) rt ON rt.shark_id = base.id
    LEFT JOIN (SELECT shark_id, min(price) AS min FROM courses GROUP BY shark_id) pr ON pr.shark_id = base.id
    WHERE s.id = base.id`,
  );
  await step(`rebuild ${indexes.length} indexes`, indexes.map((i) => `${i.indexdef};`).join('\n'));
  await step(
    `add ${exclusions.length} exclusion constraint back`,
    exclusions.map((c) => `ALTER TABLE course_bookings ADD CONSTRAINT "${c.name}" ${c.def};`).join('\n') ||
      'SELECT 1',
  );
  // The load ran with triggers off: bump the catalogue's version (ETags) by hand.
  await step(
    'bump catalogue version',
    `INSERT INTO catalogue_version (id, version) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET version = catalogue_version.version + 1`,
  );
  await client.query('COMMIT');
  await client.query('SET session_replication_role = origin');
  await step('vacuum analyze', 'VACUUM ANALYZE');
  await client.end();
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await main();
