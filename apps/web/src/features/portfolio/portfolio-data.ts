/**
 * All content shown on the portfolio page lives in this file.
 * To use the page for another developer, replace the `portfolio` object below.
 */

export type SkillRating = 1 | 2 | 3 | 4 | 5;

export interface EducationEntry {
  degree: string;
  institution: string;
  year: string;
  result: string;
}

export interface ExperienceEntry {
  title: string;
  company: string;
  period: string;
  summary: string;
}

export interface Skill {
  name: string;
  rating: SkillRating;
}

export interface Project {
  name: string;
  description: string;
  /** Absolute https URL of an external site; opened in a new tab. */
  url: string;
}

export interface Portfolio {
  name: string;
  role: string;
  about: readonly string[];
  email: string;
  education: readonly EducationEntry[];
  experience: readonly ExperienceEntry[];
  skills: readonly Skill[];
  interests: readonly string[];
  projects: readonly [Project, Project, Project];
}

export const portfolio: Portfolio = {
  name: 'Alex Morgan',
  role: 'Full-Stack Web Developer',
  about: [
    "I'm Alex Morgan, a full-stack web developer who designed and built this web shop. I enjoy turning a manufacturer's catalogue into a fast, accessible storefront that works just as well on a phone as on a 34-inch ultrawide monitor.",
    'Most of my work is in TypeScript: React on the front end, Node.js on the back end and a relational database underneath. I care about clean, well-tested code, sensible data models and interfaces that everyone can use, including people who rely on a keyboard or a screen reader.',
    'As a long-time PC builder, working on a shop for computer cases is a project close to my heart.',
  ],
  email: 'alex.morgan@example.com',
  education: [
    {
      degree: 'MSc Software Engineering',
      institution: 'Riverside University',
      year: '2019',
      result: 'Distinction',
    },
    {
      degree: 'BSc (Hons) Computer Science',
      institution: 'Riverside University',
      year: '2018',
      result: 'First Class Honours',
    },
    {
      degree: 'A Levels: Mathematics, Computer Science, Physics',
      institution: 'Lakeside Sixth Form College',
      year: '2015',
      result: 'A*, A, A',
    },
  ],
  experience: [
    {
      title: 'Freelance Full-Stack Developer',
      company: 'Self-employed',
      period: '2023 – present',
      summary:
        'Designed and built this web shop for a computer-case manufacturer: a React and TypeScript storefront with product catalogue, cart and checkout, backed by a Node.js API and a SQL database, with automated unit, end-to-end and accessibility tests.',
    },
    {
      title: 'Software Engineer',
      company: 'Brightwave Digital',
      period: '2020 – 2023',
      summary:
        'Developed e-commerce and booking platforms for retail clients, introduced TypeScript and component testing across the front-end team, and cut page load times by a third through code splitting and image optimisation.',
    },
    {
      title: 'Junior Web Developer',
      company: 'Pixelcraft Studio',
      period: '2019 – 2020',
      summary:
        'Built responsive marketing sites and REST integrations, maintained a shared UI component library and learned the value of code review, continuous integration and clear documentation.',
    },
  ],
  skills: [
    { name: 'React', rating: 5 },
    { name: 'TypeScript', rating: 5 },
    { name: 'Node.js', rating: 4 },
    { name: 'SQL & PostgreSQL', rating: 4 },
    { name: 'Tailwind CSS', rating: 4 },
    { name: 'Testing (Vitest & Playwright)', rating: 4 },
    { name: 'Web accessibility', rating: 4 },
    { name: 'Docker', rating: 3 },
  ],
  interests: [
    'PC building and case modding',
    'Mechanical keyboards',
    'Open-source software',
    'Trail running',
    'Landscape photography',
    'Board games',
  ],
  projects: [
    {
      name: 'Case Configurator',
      description:
        'An interactive tool that checks whether a motherboard, GPU, cooler and radiator fit a chosen case, with clearance warnings and a shareable build link.',
      url: 'https://github.com/alexmorgan-dev/case-configurator',
    },
    {
      name: 'Airflow Planner',
      description:
        'A browser app that estimates positive or negative case pressure from fan placement and speed, helping builders plan quiet, well-cooled systems.',
      url: 'https://example.com/airflow-planner',
    },
    {
      name: 'Build Log',
      description:
        'A small open-source blog engine for documenting PC builds with photo galleries, part lists and Markdown write-ups, deployed as a static site.',
      url: 'https://github.com/alexmorgan-dev/build-log',
    },
  ],
};
