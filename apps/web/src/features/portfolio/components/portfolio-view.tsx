import { portfolio } from '../portfolio-data';

const MAX_RATING = 5;

const headingIds = {
  about: 'portfolio-about-heading',
  education: 'portfolio-education-heading',
  experience: 'portfolio-experience-heading',
  skills: 'portfolio-skills-heading',
  interests: 'portfolio-interests-heading',
  projects: 'portfolio-projects-heading',
} as const;

const sectionHeadingClass = 'mb-4 text-2xl font-bold sm:text-3xl';
const cardClass = 'card h-full border border-base-300 bg-base-100 shadow-sm';

export function PortfolioView() {
  const { name, role, about, email, education, experience, skills, interests, projects } =
    portfolio;

  return (
    <div className="space-y-12 sm:space-y-16">
      <section aria-labelledby={headingIds.about}>
        <h2 id={headingIds.about} className={sectionHeadingClass}>
          About Me
        </h2>
        <div className="max-w-prose space-y-4 text-base leading-relaxed">
          <p className="text-lg font-semibold">
            {name} <span aria-hidden="true">·</span> {role}
          </p>
          {about.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          <p>
            Get in touch:{' '}
            <a className="link font-medium" href={`mailto:${email}`}>
              {email}
            </a>
          </p>
        </div>
      </section>

      <section aria-labelledby={headingIds.education}>
        <h2 id={headingIds.education} className={sectionHeadingClass}>
          Education
        </h2>
        <div
          className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
          role="region"
          aria-label="Education history table"
          tabIndex={0}
        >
          <table className="table">
            <caption className="sr-only">Education history</caption>
            <thead>
              <tr>
                <th scope="col">Degree</th>
                <th scope="col">Institution</th>
                <th scope="col">Year</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {education.map((entry) => (
                <tr key={`${entry.degree}-${entry.year}`}>
                  <th scope="row" className="font-medium">
                    {entry.degree}
                  </th>
                  <td>{entry.institution}</td>
                  <td>{entry.year}</td>
                  <td>{entry.result}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby={headingIds.experience}>
        <h2 id={headingIds.experience} className={sectionHeadingClass}>
          Experience
        </h2>
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {experience.map((job) => (
            <li key={`${job.title}-${job.company}`}>
              <article className={cardClass}>
                <div className="card-body">
                  <h3 className="card-title text-lg">{job.title}</h3>
                  <p className="font-medium">
                    {job.company}
                    <span className="block text-sm font-normal text-base-content/80">
                      {job.period}
                    </span>
                  </p>
                  <p className="leading-relaxed">{job.summary}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={headingIds.skills}>
        <h2 id={headingIds.skills} className={sectionHeadingClass}>
          Skills
        </h2>
        <ul className="grid grid-cols-1 gap-x-8 gap-y-5 sm:grid-cols-2">
          {skills.map((skill) => (
            <li key={skill.name}>
              <div aria-hidden="true" className="mb-1 flex items-baseline justify-between gap-4">
                <span className="font-medium">{skill.name}</span>
                <span className="text-sm tabular-nums">
                  {skill.rating}/{MAX_RATING}
                </span>
              </div>
              <progress
                className="progress progress-primary w-full"
                value={skill.rating}
                max={MAX_RATING}
                aria-label={`${skill.name}: ${skill.rating} out of ${MAX_RATING}`}
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={headingIds.interests}>
        <h2 id={headingIds.interests} className={sectionHeadingClass}>
          Interests
        </h2>
        <ul className="flex flex-wrap gap-2">
          {interests.map((interest) => (
            <li key={interest} className="badge badge-outline badge-lg">
              {interest}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={headingIds.projects}>
        <h2 id={headingIds.projects} className={sectionHeadingClass}>
          Projects
        </h2>
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {projects.map((project) => (
            <li key={project.url}>
              <article className={cardClass}>
                <div className="card-body">
                  <h3 className="card-title text-lg">{project.name}</h3>
                  <p className="leading-relaxed">{project.description}</p>
                  <div className="card-actions mt-2 justify-end">
                    <a
                      className="btn btn-primary btn-sm"
                      href={project.url}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      Visit project
                      <span className="sr-only"> {project.name} (opens in a new tab)</span>
                    </a>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
