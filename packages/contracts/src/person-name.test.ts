import { describe, expect, it } from 'vitest';
import { familyNameFirst, personInitials, personName, shownNameInitials } from './person-name';

describe('personName', () => {
  it('writes Chinese names family name first with no space', () => {
    expect(personName({ firstName: '大文', lastName: '陳' })).toBe('陳大文');
    expect(personName({ firstName: '小明', lastName: '欧阳' })).toBe('欧阳小明');
    expect(personName({ firstName: ' 大文 ', lastName: ' 陳 ' })).toBe('陳大文');
  });

  it('writes Japanese and Korean names the same way', () => {
    expect(personName({ firstName: '太郎', lastName: '山田' })).toBe('山田太郎');
    expect(personName({ firstName: '민수', lastName: '김' })).toBe('김민수');
  });

  it('keeps Latin and mixed names given name first with a space', () => {
    expect(personName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(personName({ firstName: 'David', lastName: '陳' })).toBe('David 陳');
    expect(personName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
    expect(personName({ firstName: '', lastName: '' })).toBe('');
  });

  it('takes a half-filled Chinese name as it is', () => {
    expect(personName({ firstName: '大文', lastName: '' })).toBe('大文');
    expect(familyNameFirst({ firstName: '', lastName: '陳' })).toBe(true);
  });
});

describe('personInitials', () => {
  it('is the family name for East Asian names', () => {
    expect(personInitials({ firstName: '大文', lastName: '陳' })).toBe('陳');
    expect(personInitials({ firstName: '小明', lastName: '欧阳' })).toBe('欧');
    expect(personInitials({ firstName: '대문', lastName: '' })).toBe('대');
    // A character beyond the Basic Multilingual Plane stays whole.
    expect(personInitials({ firstName: '大文', lastName: '𠮷田' })).toBe('𠮷');
  });

  it('is the two first letters for other names', () => {
    expect(personInitials({ firstName: 'ada', lastName: 'lovelace' })).toBe('AL');
    expect(personInitials({ firstName: 'David', lastName: '陳' })).toBe('D陳');
    expect(personInitials({ firstName: '', lastName: '' })).toBe('?');
  });
});

describe('shownNameInitials', () => {
  it('gives a written-out East Asian name its family name, another its two initials', () => {
    expect(shownNameInitials('黃美玲')).toBe('黃');
    expect(shownNameInitials('欧阳小明')).toBe('欧');
    expect(shownNameInitials('Ada Owner')).toBe('AO');
    expect(shownNameInitials('  ')).toBe('');
  });
});
