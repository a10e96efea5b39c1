import { useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import slide1 from '../../../assets/carousel/slide-1.svg';
import slide2 from '../../../assets/carousel/slide-2.svg';
import slide3 from '../../../assets/carousel/slide-3.svg';
import { paths } from '../../../config/paths';

const slides = [
  { image: slide1, alt: 'Computer cases moving along our assembly line' },
  { image: slide2, alt: 'A gaming case glowing with RGB lighting' },
  { image: slide3, alt: 'A stack of power supplies ready to ship' },
] as const;

const slideId = (index: number) => `slide${index + 1}`;

/**
 * Three slides with previous and next anchors. The anchors scroll the carousel itself instead of
 * jumping the page, and still work as plain links without JavaScript.
 *
 * Only the slide in view has its anchors in the tab order: Tab never lands on an arrow that is
 * off screen. An arrow that had focus hands it to the same arrow on the slide it brings in.
 */
export function HeroCarousel() {
  const track = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(0);

  // Swiping (or scrolling) the track changes the slide in view as much as the arrows do.
  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setShown(Math.round(el.scrollLeft / el.clientWidth));
  };

  const goTo = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    const slide = track.current?.querySelector<HTMLElement>(`#${slideId(index)}`);
    if (!track.current || !slide) return;
    event.preventDefault();
    const hadFocus = document.activeElement === event.currentTarget;
    const label = event.currentTarget.getAttribute('aria-label');
    setShown(index);
    track.current.scrollTo({ left: slide.offsetLeft, behavior: 'smooth' });
    if (hadFocus && label) {
      // Not scrolled into view by focusing: the smooth scroll above brings the slide in.
      slide.querySelector<HTMLElement>(`[aria-label="${label}"]`)?.focus({ preventScroll: true });
    }
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="CaseForge highlights"
      className="relative overflow-hidden rounded-box bg-neutral"
    >
      <div
        ref={track}
        onScroll={onScroll}
        className="carousel h-[340px] w-full sm:h-[420px] lg:h-[500px]"
      >
        {slides.map((slide, index) => {
          const previous = (index + slides.length - 1) % slides.length;
          const next = (index + 1) % slides.length;
          const tabIndex = index === shown ? undefined : -1;
          return (
            <div
              key={slide.image}
              id={slideId(index)}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className="carousel-item relative w-full"
            >
              <img
                src={slide.image}
                alt={slide.alt}
                width={1600}
                height={640}
                loading={index === 0 ? 'eager' : 'lazy'}
                // The home page's largest paint: React puts a preload of it (high) in the head
                // the server draws. Not in index.html: every other page loaded it before its own
                // stylesheet then, and its first paint waited for both.
                fetchPriority={index === 0 ? 'high' : 'auto'}
                className="h-full w-full object-cover object-right"
              />
              <div className="absolute right-4 bottom-4 z-10 flex gap-2">
                <a
                  href={`#${slideId(previous)}`}
                  onClick={(event) => goTo(event, previous)}
                  tabIndex={tabIndex}
                  className="btn btn-circle btn-sm sm:btn-md focus-ring"
                  aria-label="Previous slide"
                >
                  ❮
                </a>
                <a
                  href={`#${slideId(next)}`}
                  onClick={(event) => goTo(event, next)}
                  tabIndex={tabIndex}
                  className="btn btn-circle btn-sm sm:btn-md focus-ring"
                  aria-label="Next slide"
                >
                  ❯
                </a>
              </div>
            </div>
          );
        })}
      </div>
      <div className="pointer-events-none absolute inset-0 flex items-center bg-gradient-to-r from-black/75 via-black/45 to-transparent">
        <div className="pointer-events-auto max-w-xl space-y-4 p-6 text-white sm:p-10 lg:p-14">
          <p className="text-accent text-sm font-semibold tracking-widest uppercase">
            Factory direct since 1992
          </p>
          <h1 className="text-3xl leading-tight font-extrabold sm:text-4xl lg:text-5xl">
            We manufacture computer cases and power supplies
          </h1>
          <p className="text-base text-white/90 sm:text-lg">
            From office towers to RGB gaming cases and 80 PLUS power supplies: built in our own
            plant, shipped in bulk to system builders worldwide.
          </p>
          <Link to={paths.products.to()} className="btn btn-primary btn-md sm:btn-lg focus-ring">
            Browse our products
          </Link>
        </div>
      </div>
    </section>
  );
}
